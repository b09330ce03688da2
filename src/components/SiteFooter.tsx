import MapPin from 'lucide-react/icons/map-pin';
import React from 'react';
import { INVESTOR_DECK_HASH } from '../content/modal';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { ChatButton } from './ChatButton';
import { PREFETCH_MODAL_ON_INTENT } from './ContactModalProvider';
import { LanguageLink } from './LanguageLink';
import { Logo } from './Logo';
import { PrivacyLink } from './PrivacyLink';

const FOOTER_LINK =
  '-mx-2 inline-flex min-h-11 items-center self-start rounded-lg px-2 text-brand-200 underline-offset-4 hover:text-white hover:underline sm:self-auto';

interface SiteFooterProps {
  productName: string;
  onChat: () => void;
}

// The investor link is discreet on purpose (spec: the investor modal has no visible trigger); the
// contact modal's provider opens the investor form whenever the URL hash becomes #investor-deck.
export function SiteFooter({ productName, onChat }: SiteFooterProps) {
  const { footer, site } = usePageLanguage().dictionary;
  return (
    <footer className="on-dark bg-brand-950 text-brand-100">
      <div className="container-page py-14 sm:py-16">
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div>
            <Logo name={productName} tone="onDark" />
            <p className="mt-4 max-w-sm text-base text-brand-100">{site.tagline}</p>
          </div>
          <ChatButton label={footer.chat} onClick={onChat} className="self-start md:self-auto" />
        </div>
        <div className="mt-10 flex flex-col gap-4 border-t border-white/10 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="inline-flex items-center gap-2">
            <MapPin className="size-4 text-accent-400" aria-hidden="true" />
            <span>{footer.location}</span>
          </p>
          <div className="flex flex-wrap items-center gap-x-4 self-start sm:self-auto">
            <LanguageLink className="-mx-3 text-brand-200 hover:text-white" />
            <a href={INVESTOR_DECK_HASH} {...PREFETCH_MODAL_ON_INTENT} className={FOOTER_LINK}>
              {footer.investor}
            </a>
            <PrivacyLink className={FOOTER_LINK}>{footer.privacy}</PrivacyLink>
          </div>
        </div>
      </div>
    </footer>
  );
}
