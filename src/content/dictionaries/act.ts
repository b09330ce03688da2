// The team's action page (/act/, /id/act/): every text it shows, once per language. A page gets only
// its own language's object, through its page context (gatsby-node.ts), which is JSON: so the
// values are strings, with {placeholders} that fillIn() replaces.
import type { Language } from '../languages';

export type ActionKind = 'answer' | 'send_deck';
export type AnsweredHow = 'marked' | 'deck_sent';

export interface ActionPageText {
  title: string;
  heading: Readonly<Record<ActionKind, string>>;
  /** {email} stands for the requester's address. */
  button: Readonly<Record<ActionKind, string>>;
  labels: { type: string; name: string; company: string; received: string; due: string };
  types: { contact: string; investor: string };
  notGiven: string;
  loading: string;
  /** Before any press: what the page is, and that opening it did nothing. */
  explain: string;
  noScript: string;
  /** One sentence for a wrong, expired or incomplete link, whichever it is. */
  invalid: string;
  noBackend: string;
  unreachable: string;
  retry: string;
  pressing: string;
  /** {at} stands for when it was done. */
  done: Readonly<Record<AnsweredHow, string>>;
  busy: string;
  capped: string;
  deckMissing: string;
  notSent: string;
  /** How times are shown: the page's locale. */
  locale: string;
}

export const ACTION_PAGE_TEXT: Readonly<Record<Language, ActionPageText>> = {
  en: {
    title: 'Inquiry action',
    heading: { answer: 'Mark this inquiry as answered', send_deck: 'Send the investor deck' },
    button: { answer: 'Mark as answered', send_deck: 'Send the deck to {email}' },
    labels: { type: 'Type', name: 'Name', company: 'Company', received: 'Received', due: 'Reply due' },
    types: { contact: 'Contact message', investor: 'Investor deck request' },
    notGiven: '(not given)',
    loading: 'Reading the link…',
    explain: 'Opening this page changed nothing. Only the button below acts.',
    noScript: 'This page needs JavaScript. Opening it changed nothing.',
    invalid: 'This link is not valid: it is incomplete, expired or not one of ours.',
    noBackend: 'This site was built without its backend, so it cannot act on links.',
    unreachable: 'The backend did not answer, so nothing was done. Please press again.',
    retry: 'Try again',
    pressing: 'Working…',
    done: {
      marked: 'Done: marked as answered on {at}.',
      deck_sent: 'Done: the deck was sent on {at}.',
    },
    busy: 'The deck is being sent right now. Reload this page in a minute.',
    capped: "Today's email budget is spent, so nothing was sent. Please press again later.",
    deckMissing: 'There is no deck in Storage (bucket investor-deck, deck.pdf), so nothing was sent.',
    notSent: 'The deck email could not be sent just now. It will be tried again by itself in a few minutes; you can also press again.',
    locale: 'en-GB',
  },
  id: {
    title: 'Tindakan pertanyaan',
    heading: { answer: 'Tandai pertanyaan ini sudah dijawab', send_deck: 'Kirim materi investor' },
    button: { answer: 'Tandai sudah dijawab', send_deck: 'Kirim materi ke {email}' },
    labels: { type: 'Jenis', name: 'Nama', company: 'Perusahaan', received: 'Diterima', due: 'Batas balasan' },
    types: { contact: 'Pesan kontak', investor: 'Permintaan materi investor' },
    notGiven: '(tidak diisi)',
    loading: 'Membaca tautan…',
    explain: 'Membuka halaman ini tidak mengubah apa pun. Hanya tombol di bawah yang bertindak.',
    noScript: 'Halaman ini memerlukan JavaScript. Membukanya tidak mengubah apa pun.',
    invalid: 'Tautan ini tidak berlaku: tidak lengkap, kedaluwarsa, atau bukan dari kami.',
    noBackend: 'Situs ini dibangun tanpa backend, jadi tidak dapat menjalankan tautan.',
    unreachable: 'Backend tidak menjawab, jadi tidak ada yang dilakukan. Silakan tekan lagi.',
    retry: 'Coba lagi',
    pressing: 'Memproses…',
    done: {
      marked: 'Selesai: ditandai sudah dijawab pada {at}.',
      deck_sent: 'Selesai: materi dikirim pada {at}.',
    },
    busy: 'Materi sedang dikirim. Muat ulang halaman ini dalam satu menit.',
    capped: 'Kuota email hari ini sudah habis, jadi tidak ada yang dikirim. Silakan tekan lagi nanti.',
    deckMissing: 'Belum ada materi di Storage (bucket investor-deck, deck.pdf), jadi tidak ada yang dikirim.',
    notSent: 'Email materi belum dapat dikirim. Sistem akan mencobanya lagi dalam beberapa menit; Anda juga dapat menekan lagi.',
    locale: 'id-ID',
  },
};

/** The text with each {name} replaced by its value. */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
