// English, the spec's words: assembled from the constants that hold them (../copy.ts, ../modal.ts,
// ../site.ts), which the tests import too.
import { COVERAGE, FOOTER, HEADER, HERO, LIST_TEXT, SNAPSHOT, STATUS_LABELS, TIMELINE } from '../copy';
import type { Dictionary } from '../dictionary';
import { FORM_COPY, MODAL_COPY, PRIVACY_NOTICE_COPY } from '../modal';
import { SITE } from '../site';

export const EN: Dictionary = {
  site: { title: SITE.title, description: SITE.description, tagline: SITE.tagline },
  header: HEADER,
  hero: HERO,
  snapshot: SNAPSHOT,
  coverage: COVERAGE,
  timeline: TIMELINE,
  footer: { ...FOOTER, privacy: PRIVACY_NOTICE_COPY.link },
  lists: LIST_TEXT,
  materialStatus: STATUS_LABELS.material,
  timelineStatus: STATUS_LABELS.timeline,
  modal: MODAL_COPY,
  form: FORM_COPY,
  // Addressed to the reader of the other language, in that language.
  languages: { suggestion: 'Baca dalam Bahasa Indonesia', dismissSuggestion: 'Tutup saran bahasa' },
};
