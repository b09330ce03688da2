// The shape of every fixed text the page shows, once per language (./dictionaries/): a language
// missing a key does not compile. A page receives only its own language's dictionary (through its
// page context, gatsby-node.ts), so no language's words ship in another language's JavaScript.
import type { ListKind, SectionKey } from './constants';
import type { InquiryField, InquiryModalCopy, SubmitFailure } from './modal';
import type { MaterialStatus, TimelineStatus } from './status';
import type { InquiryType } from './types';

export interface ListTexts {
  error: string;
  empty: string;
  loading: string;
}

export interface Dictionary {
  /** The page's title, description and the product's tagline (the search snippet and link previews). */
  site: { title: string; description: string; tagline: string };
  header: { navLabel: string; nav: Readonly<Record<SectionKey, string>> };
  hero: {
    headline: string;
    pitch: string;
    claims: readonly { value: string; label: string }[];
    chat: string;
    scrollDown: string;
  };
  snapshot: { sectionLabel: string; sorterImageAlt: string; workerTitle: string; workerSubtitle: string; workerImageAlt: string };
  coverage: { eyebrow: string; title: string; intro: string };
  timeline: { eyebrow: string; title: string; intro: string; scrollRegionLabel: string; previous: string; next: string };
  footer: { location: string; chat: string; investor: string; privacy: string };
  lists: Readonly<Record<ListKind, ListTexts>>;
  materialStatus: Readonly<Record<MaterialStatus, string>>;
  timelineStatus: Readonly<Record<TimelineStatus, string>>;
  modal: Readonly<Record<InquiryType, InquiryModalCopy>>;
  form: {
    labels: Readonly<Record<InquiryField, string>>;
    optional: string;
    sending: string;
    close: string;
    failures: Readonly<Record<SubmitFailure, string>>;
    /** The busy text's link that sends the visitor's message by email instead. */
    emailLink: string;
    /** The line under the form and its link to the privacy notice. */
    notice: { text: string; link: string };
  };
  /** The way to the other language's page, and the suggestion shown to browsers that prefer it. */
  languages: { suggestion: string; dismissSuggestion: string };
}
