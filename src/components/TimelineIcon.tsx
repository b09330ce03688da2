import CheckCircle from 'lucide-react/icons/circle-check-big';
import Clock from 'lucide-react/icons/clock';
import Rocket from 'lucide-react/icons/rocket';
import Target from 'lucide-react/icons/target';
import React from 'react';
import { timelineIconName, type TimelineIconName } from '../content/status';

// Icons are imported one by one: the barrel import would pull every lucide icon into the bundle.
const ICONS = { CheckCircle, Clock, Target, Rocket } satisfies Record<TimelineIconName, unknown>;

export function TimelineIcon({ icon, className }: { icon: string | null; className?: string }) {
  const name = timelineIconName(icon);
  const Icon = ICONS[name];
  return <Icon className={className} aria-hidden="true" focusable="false" data-icon={name} />;
}
