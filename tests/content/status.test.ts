import { TIMELINE_STEP_PX } from '../../src/content/constants';
import { STATUS_LABELS } from '../../src/content/copy';
import {
  materialStatusKey,
  materialStatusOpacity,
  timelineIconName,
  timelineScrollTarget,
  timelineStatusKey,
  timelineStatusOpacity,
} from '../../src/content/status';

describe('material status display', () => {
  it.each([
    ['live', 'Live Beta', 1],
    ['development', 'In Development', 0.75],
    ['coming-soon', 'Planned', 0.5],
  ])('%s shows %s at opacity %s', (status, label, opacity) => {
    expect(STATUS_LABELS.material[materialStatusKey(status)]).toBe(label);
    expect(materialStatusOpacity(status)).toBe(opacity);
  });

  it.each(['retired', '', 'LIVE', 'toString', '__proto__', null])('an unknown or empty status %p is shown as Planned', (status) => {
    expect(materialStatusKey(status)).toBe('coming-soon');
    expect(materialStatusOpacity(status)).toBe(0.5);
  });
});

describe('timeline status display', () => {
  it('keeps completed and current at full opacity and fades upcoming to 75%', () => {
    expect(timelineStatusOpacity('completed')).toBe(1);
    expect(timelineStatusOpacity('current')).toBe(1);
    expect(timelineStatusOpacity('upcoming')).toBe(0.75);
  });

  it.each(['paused', null])('shows an unknown or empty status %p like an upcoming one', (status) => {
    expect(timelineStatusKey(status)).toBe('upcoming');
    expect(timelineStatusOpacity(status)).toBe(0.75);
  });
});

describe('timeline icon fallback', () => {
  it.each(['CheckCircle', 'Clock', 'Target', 'Rocket'])('keeps the known icon %s', (icon) => {
    expect(timelineIconName(icon)).toBe(icon);
  });

  it.each(['Star', 'clock', '', 'constructor', null])('falls back to CheckCircle for %p', (icon) => {
    expect(timelineIconName(icon)).toBe('CheckCircle');
  });
});

describe('timeline scroll target (320 px per item)', () => {
  const item = (status: string) => ({ status });

  it('is 320 px per item up to the current one', () => {
    expect(TIMELINE_STEP_PX).toBe(320);
    expect(timelineScrollTarget([item('completed'), item('completed'), item('current'), item('upcoming')])).toBe(640);
    expect(timelineScrollTarget([item('current'), item('upcoming')])).toBe(0);
  });

  it('takes the first current item when several are current', () => {
    expect(timelineScrollTarget([item('completed'), item('current'), item('current')])).toBe(320);
  });

  it('goes to the last item when none is current', () => {
    expect(timelineScrollTarget([item('completed'), item('upcoming'), item('upcoming')])).toBe(640);
  });

  it('has no target for an empty timeline', () => {
    expect(timelineScrollTarget([])).toBeNull();
  });
});
