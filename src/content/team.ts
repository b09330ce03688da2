// The team's inbox (/team/ and /id/team/): every text the page shows, once per language, and the
// subject of a reply in the visitor's language. Only the team's page imports this file, so none of
// it reaches `/`. The database decides what a member reads and does
// (supabase/migrations/20261129001000_team_inbox.sql); these words only say what it answered.
import type { AnsweredHow } from './dictionaries/act';
import type { Language } from './languages';
import { SITE } from './site';
import { STAFF_SIGN_IN_TEXT, type StaffSignInText } from './staff';
import type { InquiryType } from './types';

/** The promise states the list is filtered by, in the order the page shows them. */
export const TEAM_FILTERS = ['open', 'due_soon', 'overdue', 'answered'] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

/** Inquiries a page of the list shows. */
export const TEAM_PAGE_SIZE = 50;

/** A time span as the page writes it: minutes, hours, or days. */
export type SpanUnit = 'min' | 'h' | 'd';

export interface TeamText {
  title: string;
  intro: string;
  otherLanguage: string;
  noBackend: string;
  /** The staff sign-in, in the words of the team's page. */
  signIn: StaffSignInText;
  /** The session ended while the member worked: shown above the sign-in. */
  expired: string;
  filtersLabel: string;
  filters: Record<TeamFilter, string>;
  search: {
    label: string;
    button: string;
    clear: string;
    notAddress: string;
    /** The list shows one mailbox's inquiries. */
    showing: (mailbox: string) => string;
  };
  list: {
    label: string;
    loading: string;
    empty: Record<TeamFilter | 'mailbox', string>;
    refresh: string;
    /** Which inquiries of how many the page shows. */
    range: (first: number, last: number, total: number) => string;
    pagesLabel: string;
    previous: string;
    next: string;
  };
  row: {
    type: string;
    company: string;
    language: string;
    received: string;
    due: string;
    happened: string;
    address: string;
    types: Record<InquiryType, string>;
    languages: Record<Language, string>;
    notGiven: string;
    showMessage: string;
    hideMessage: string;
    notAnswered: string;
    answered: Record<AnsweredHow, (at: string) => string>;
    deckSent: (at: string) => string;
    deckNotSent: string;
    onHold: string;
    actions: (name: string) => string;
  };
  due: {
    upcoming: (span: string) => string;
    overdue: (span: string) => string;
    now: string;
    none: string;
    inTime: string;
    late: (span: string) => string;
    units: Record<SpanUnit, (amount: number) => string>;
  };
  actions: {
    answer: string;
    deck: string;
    holdOn: string;
    holdOff: string;
    export: string;
    erase: string;
    reply: string;
  };
  erase: {
    title: string;
    explain: string;
    /** The address the dialog erases, as it names it. */
    mailbox: (email: string) => string;
    confirmLabel: string;
    confirm: string;
    cancel: string;
    mismatch: string;
  };
  /** The answer to each press, one sentence; `name` is the visitor's name as the row shows it. */
  outcomes: {
    working: string;
    answered: (name: string) => string;
    /** Answered before this press: by a member on the page, or through the email's link. */
    already: (name: string, at: string, by: string | null) => string;
    alreadyByDeck: (name: string, at: string) => string;
    missing: string;
    /** An adopted row that breaks one of the table's rules: nothing can be written to it. */
    invalid: string;
    held: (name: string) => string;
    released: (name: string) => string;
    deckSent: (email: string, at: string) => string;
    deckBefore: (email: string, at: string) => string;
    deckBusy: string;
    deckCapped: string;
    deckMissing: string;
    deckNotSent: string;
    notInvestor: string;
    exported: (file: string, records: number) => string;
    erased: (records: number, held: number) => string;
    unconfirmed: string;
    unreachable: string;
    failed: (code: string) => string;
  };
  /** How dates and times are written: the page's locale. */
  locale: string;
}

/** The subject of a reply, in the language of the page the visitor wrote from. */
export const REPLY_SUBJECT: Readonly<Record<Language, string>> = {
  en: `Re: your inquiry to ${SITE.productName}`,
  id: `Re: pertanyaan Anda kepada ${SITE.productName}`,
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const TEAM_TEXT: Readonly<Record<Language, TeamText>> = {
  en: {
    title: "The team's inbox",
    intro:
      'Every inquiry the site received, by the promise it waits on: a reply within a day, and the deck for an investor. Act from any row; every action is recorded under your name.',
    otherLanguage: 'Bahasa Indonesia',
    noBackend: 'This site was built without backend settings (GATSBY_SUPABASE_URL, GATSBY_SUPABASE_ANON_KEY): there is no inbox to show.',
    signIn: {
      ...STAFF_SIGN_IN_TEXT.en,
      problems: {
        ...STAFF_SIGN_IN_TEXT.en.problems,
        notAllowed: 'This address is not on the team. Ask an operator to add you (npm run team -- add).',
      },
    },
    expired: 'Your session has ended (it expired, or you are no longer on the team), so nothing was done. Sign in again to go on.',
    filtersLabel: 'Show inquiries',
    filters: { open: 'Open', due_soon: 'Due soon', overdue: 'Overdue', answered: 'Answered' },
    search: {
      label: 'Find a mailbox',
      button: 'Search',
      clear: 'Show every inquiry again',
      notAddress: 'That is not an email address, so the list has not changed. Type a whole address, such as name@example.com.',
      showing: (mailbox) => `Inquiries from ${mailbox}`,
    },
    list: {
      label: 'Inquiries',
      loading: 'Reading the inquiries…',
      empty: {
        open: 'No inquiry is waiting for a reply.',
        due_soon: 'No reply is due soon.',
        overdue: 'No reply is overdue.',
        answered: 'No inquiry has been answered yet.',
        mailbox: 'No inquiry is stored for this mailbox.',
      },
      refresh: 'Refresh',
      range: (first, last, total) => `${first}–${last} of ${total}`,
      pagesLabel: 'Pages of the list',
      previous: 'Previous 50',
      next: 'Next 50',
    },
    row: {
      type: 'Type',
      company: 'Company',
      language: 'Language',
      received: 'Received',
      due: 'Reply due',
      happened: 'What happened',
      address: 'Email',
      types: { contact: 'Contact message', investor: 'Investor deck request' },
      languages: { en: 'English', id: 'Indonesian' },
      notGiven: '(not given)',
      showMessage: 'Show the message',
      hideMessage: 'Hide the message',
      notAnswered: 'Not answered yet.',
      answered: {
        marked: (at) => `Marked as answered on ${at}.`,
        deck_sent: (at) => `Answered by sending the deck on ${at}.`,
      },
      deckSent: (at) => `Deck sent on ${at}.`,
      deckNotSent: 'Deck not sent yet.',
      onHold: 'On legal hold: kept past its retention and never erased.',
      actions: (name) => `Actions for ${name}`,
    },
    due: {
      upcoming: (span) => `in ${span}`,
      overdue: (span) => `${span} overdue`,
      now: 'due now',
      none: 'no reply time',
      inTime: 'answered in time',
      late: (span) => `answered ${span} late`,
      units: { min: (n) => `${n} min`, h: (n) => `${n} h`, d: (n) => `${n} ${plural(n, 'day', 'days')}` },
    },
    actions: {
      answer: 'Mark as answered',
      deck: 'Send the deck',
      holdOn: 'Put on legal hold',
      holdOff: 'Release the legal hold',
      export: 'Export this mailbox',
      erase: 'Erase this mailbox',
      reply: 'Reply by email',
    },
    erase: {
      title: 'Erase this mailbox',
      explain:
        'Every inquiry and record stored for this address is deleted, in every table, except inquiries on legal hold. It cannot be undone; export it first if the person asked for a copy.',
      mailbox: (email) => `Address: ${email}`,
      confirmLabel: 'Type the address again to confirm',
      confirm: 'Erase for good',
      cancel: 'Cancel',
      mismatch: 'The address typed is not this one, so nothing was erased. Type it exactly as shown.',
    },
    outcomes: {
      working: 'Working…',
      answered: (name) => `Marked as answered: the inquiry from ${name}.`,
      already: (name, at, by) =>
        `Someone was first: the inquiry from ${name} was marked as answered on ${at}${by ? ` by ${by}` : " through the email's link"}. Nothing changed.`,
      alreadyByDeck: (name, at) => `Someone was first: the inquiry from ${name} was answered with the deck on ${at}. Nothing changed.`,
      missing: 'This inquiry is no longer stored (erased, or past its retention). Nothing changed.',
      invalid:
        "This inquiry breaks one of the database's rules (an old row with, say, a malformed address), so nothing changed. Ask an operator to correct it.",
      held: (name) => `The inquiry from ${name} is on legal hold.`,
      released: (name) => `The legal hold on the inquiry from ${name} is released.`,
      deckSent: (email, at) => `The deck was sent to ${email} on ${at}.`,
      deckBefore: (email, at) => `The deck had already gone to ${email} on ${at}. Nothing was sent again.`,
      deckBusy: 'The deck is being sent right now. Refresh the list in a minute.',
      deckCapped: "Today's email budget is spent, so the deck was not sent. Press again tomorrow.",
      deckMissing: 'There is no deck in Storage (bucket investor-deck, deck.pdf), so nothing was sent.',
      deckNotSent: 'The deck email could not be sent just now. It is tried again by itself in a few minutes; you can also press again.',
      notInvestor: 'This inquiry is not an investor request: no deck goes to it.',
      exported: (file, records) =>
        records === 0
          ? `Downloaded ${file}: nothing is stored for this mailbox.`
          : `Downloaded ${file}: ${records} ${plural(records, 'record', 'records')} stored for this mailbox.`,
      erased: (records, held) =>
        `Erased ${records} ${plural(records, 'record', 'records')} of this mailbox.` +
        (held > 0 ? ` ${held} ${plural(held, 'inquiry', 'inquiries')} on legal hold ${plural(held, 'was', 'were')} kept.` : ''),
      unconfirmed: 'The address typed again did not match, so nothing was erased.',
      unreachable: 'The backend did not answer, so nothing was done. Check your connection, then press again.',
      failed: (code) => `The backend refused this (${code}), so nothing was done. Try again; if it happens again, tell an operator.`,
    },
    locale: 'en-GB',
  },
  id: {
    title: 'Kotak masuk tim',
    intro:
      'Semua pertanyaan yang masuk melalui situs, menurut janji yang harus ditepati: balasan dalam sehari, dan materi untuk investor. Tindak lanjuti langsung dari setiap baris; setiap tindakan dicatat atas nama Anda.',
    otherLanguage: 'English',
    noBackend:
      'Situs ini dibangun tanpa pengaturan backend (GATSBY_SUPABASE_URL, GATSBY_SUPABASE_ANON_KEY): tidak ada kotak masuk untuk ditampilkan.',
    signIn: {
      ...STAFF_SIGN_IN_TEXT.id,
      problems: {
        ...STAFF_SIGN_IN_TEXT.id.problems,
        notAllowed: 'Alamat ini tidak terdaftar di tim. Minta operator menambahkan Anda (npm run team -- add).',
      },
    },
    expired:
      'Sesi Anda telah berakhir (kedaluwarsa, atau Anda tidak lagi terdaftar di tim), jadi tidak ada yang dilakukan. Silakan masuk lagi untuk melanjutkan.',
    filtersLabel: 'Tampilkan pertanyaan',
    filters: { open: 'Terbuka', due_soon: 'Segera jatuh tempo', overdue: 'Terlambat', answered: 'Sudah dijawab' },
    search: {
      label: 'Cari kotak surat',
      button: 'Cari',
      clear: 'Tampilkan semua pertanyaan lagi',
      notAddress: 'Itu bukan alamat email, jadi daftar tidak berubah. Ketik alamat lengkap, misalnya nama@contoh.com.',
      showing: (mailbox) => `Pertanyaan dari ${mailbox}`,
    },
    list: {
      label: 'Pertanyaan',
      loading: 'Membaca pertanyaan…',
      empty: {
        open: 'Tidak ada pertanyaan yang menunggu balasan.',
        due_soon: 'Tidak ada balasan yang segera jatuh tempo.',
        overdue: 'Tidak ada balasan yang terlambat.',
        answered: 'Belum ada pertanyaan yang dijawab.',
        mailbox: 'Tidak ada pertanyaan yang tersimpan untuk kotak surat ini.',
      },
      refresh: 'Muat ulang',
      range: (first, last, total) => `${first}–${last} dari ${total}`,
      pagesLabel: 'Halaman daftar',
      previous: '50 sebelumnya',
      next: '50 berikutnya',
    },
    row: {
      type: 'Jenis',
      company: 'Perusahaan',
      language: 'Bahasa',
      received: 'Diterima',
      due: 'Batas balasan',
      happened: 'Yang sudah dilakukan',
      address: 'Email',
      types: { contact: 'Pesan kontak', investor: 'Permintaan materi investor' },
      languages: { en: 'Inggris', id: 'Indonesia' },
      notGiven: '(tidak diisi)',
      showMessage: 'Tampilkan pesan',
      hideMessage: 'Sembunyikan pesan',
      notAnswered: 'Belum dijawab.',
      answered: {
        marked: (at) => `Ditandai sudah dijawab pada ${at}.`,
        deck_sent: (at) => `Dijawab dengan mengirim materi pada ${at}.`,
      },
      deckSent: (at) => `Materi dikirim pada ${at}.`,
      deckNotSent: 'Materi belum dikirim.',
      onHold: 'Dalam penahanan hukum: disimpan melewati masa simpannya dan tidak pernah dihapus.',
      actions: (name) => `Tindakan untuk ${name}`,
    },
    due: {
      upcoming: (span) => `dalam ${span}`,
      overdue: (span) => `terlambat ${span}`,
      now: 'jatuh tempo sekarang',
      none: 'tanpa batas balasan',
      inTime: 'dijawab tepat waktu',
      late: (span) => `dijawab terlambat ${span}`,
      units: { min: (n) => `${n} menit`, h: (n) => `${n} jam`, d: (n) => `${n} hari` },
    },
    actions: {
      answer: 'Tandai sudah dijawab',
      deck: 'Kirim materi',
      holdOn: 'Terapkan penahanan hukum',
      holdOff: 'Cabut penahanan hukum',
      export: 'Ekspor kotak surat ini',
      erase: 'Hapus kotak surat ini',
      reply: 'Balas lewat email',
    },
    erase: {
      title: 'Hapus kotak surat ini',
      explain:
        'Setiap pertanyaan dan catatan yang tersimpan untuk alamat ini dihapus, di semua tabel, kecuali pertanyaan dalam penahanan hukum. Tindakan ini tidak dapat dibatalkan; ekspor terlebih dahulu bila orang tersebut meminta salinannya.',
      mailbox: (email) => `Alamat: ${email}`,
      confirmLabel: 'Ketik alamat itu sekali lagi untuk mengonfirmasi',
      confirm: 'Hapus permanen',
      cancel: 'Batal',
      mismatch: 'Alamat yang diketik bukan alamat ini, jadi tidak ada yang dihapus. Ketik persis seperti yang ditampilkan.',
    },
    outcomes: {
      working: 'Memproses…',
      answered: (name) => `Ditandai sudah dijawab: pertanyaan dari ${name}.`,
      already: (name, at, by) =>
        `Sudah ada yang lebih dulu: pertanyaan dari ${name} ditandai sudah dijawab pada ${at}${by ? ` oleh ${by}` : ' melalui tautan di email'}. Tidak ada yang berubah.`,
      alreadyByDeck: (name, at) =>
        `Sudah ada yang lebih dulu: pertanyaan dari ${name} dijawab dengan materi pada ${at}. Tidak ada yang berubah.`,
      missing: 'Pertanyaan ini tidak lagi tersimpan (sudah dihapus, atau melewati masa simpannya). Tidak ada yang berubah.',
      invalid:
        'Pertanyaan ini melanggar salah satu aturan basis data (baris lama dengan, misalnya, alamat yang tidak valid), jadi tidak ada yang berubah. Minta operator memperbaikinya.',
      held: (name) => `Pertanyaan dari ${name} kini dalam penahanan hukum.`,
      released: (name) => `Penahanan hukum atas pertanyaan dari ${name} telah dicabut.`,
      deckSent: (email, at) => `Materi dikirim ke ${email} pada ${at}.`,
      deckBefore: (email, at) => `Materi sudah dikirim ke ${email} pada ${at}. Tidak ada yang dikirim lagi.`,
      deckBusy: 'Materi sedang dikirim. Muat ulang daftar dalam satu menit.',
      deckCapped: 'Kuota email hari ini sudah habis, jadi materi tidak dikirim. Silakan tekan lagi besok.',
      deckMissing: 'Belum ada materi di Storage (bucket investor-deck, deck.pdf), jadi tidak ada yang dikirim.',
      deckNotSent: 'Email materi belum dapat dikirim. Sistem akan mencobanya lagi dalam beberapa menit; Anda juga dapat menekan lagi.',
      notInvestor: 'Pertanyaan ini bukan permintaan investor: tidak ada materi yang dikirim kepadanya.',
      exported: (file, records) =>
        records === 0
          ? `${file} telah diunduh: tidak ada yang tersimpan untuk kotak surat ini.`
          : `${file} telah diunduh: ${records} catatan tersimpan untuk kotak surat ini.`,
      erased: (records, held) =>
        `${records} catatan dari kotak surat ini telah dihapus.` +
        (held > 0 ? ` ${held} pertanyaan dalam penahanan hukum tetap disimpan.` : ''),
      unconfirmed: 'Alamat yang diketik ulang tidak cocok, jadi tidak ada yang dihapus.',
      unreachable: 'Backend tidak menjawab, jadi tidak ada yang dilakukan. Periksa koneksi Anda, lalu tekan lagi.',
      failed: (code) =>
        `Backend menolak tindakan ini (${code}), jadi tidak ada yang dilakukan. Coba lagi; bila terjadi lagi, beri tahu operator.`,
    },
    locale: 'id-ID',
  },
};
