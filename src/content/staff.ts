// The staff pages: where they are, and their sign-in (the editors' /edit/, the team's /team/): one
// email address, then the one-time code sent to it, in the page's language. The words every staff
// page shares are here; a page changes the two that name what it is for (who may sign in, and what
// to ask an operator).
import { LANGUAGES, LANGUAGE_PAGES, type Language } from './languages';

/**
 * The pages for the company's own people, in every language: editing, the team's inbox, the action
 * links' page, the editors' preview. They load scripts and frames from the site alone (no analytics,
 * no Turnstile: gatsby-config.ts), so nothing from another origin runs beside a session.
 */
export const STAFF_PATHS: readonly string[] = [
  ...LANGUAGES.flatMap((language) => ['edit/', 'team/', 'act/'].map((page) => `${LANGUAGE_PAGES[language].path}${page}`)),
  '/preview/',
];

/** Why a sign-in step did not go through, each told to the person as one sentence. */
export type SignInProblem = 'notAllowed' | 'wrongCode' | 'expiredCode' | 'tooManyAttempts' | 'unreachable';

export interface StaffSignInText {
  /** The sign-in's name (its region) and the code step's button. */
  signIn: string;
  emailLabel: string;
  sendCode: string;
  /** After the address step: the code is on its way, if the address may sign in. */
  codeSent: (email: string) => string;
  codeLabel: string;
  signedInAs: (email: string) => string;
  signOut: string;
  problems: Record<SignInProblem, string>;
}

export const STAFF_SIGN_IN_TEXT: Readonly<Record<Language, StaffSignInText>> = {
  en: {
    signIn: 'Sign in',
    emailLabel: 'Your email address',
    sendCode: 'Send me a code',
    codeSent: (email) => `If ${email} may sign in here, a code is on its way there. It works once, within an hour.`,
    codeLabel: 'The code from the email',
    signedInAs: (email) => `Signed in as ${email}`,
    signOut: 'Sign out',
    problems: {
      notAllowed: 'This address may not sign in here. Ask an operator to add you.',
      wrongCode: 'That code is wrong. Type the code from the newest email, or ask for a new one.',
      expiredCode: 'That code has expired: a code works for one hour. Ask for a new one.',
      tooManyAttempts: 'Too many attempts in a short time. Wait a few minutes, then try again.',
      unreachable: 'The sign-in service did not answer. Check your connection, then try again.',
    },
  },
  id: {
    signIn: 'Masuk',
    emailLabel: 'Alamat email Anda',
    sendCode: 'Kirimkan kode',
    codeSent: (email) => `Jika ${email} boleh masuk di sini, kode sedang dikirim ke sana. Kode berlaku sekali, dalam satu jam.`,
    codeLabel: 'Kode dari email',
    signedInAs: (email) => `Masuk sebagai ${email}`,
    signOut: 'Keluar',
    problems: {
      notAllowed: 'Alamat ini tidak boleh masuk di sini. Minta operator menambahkan Anda.',
      wrongCode: 'Kode itu salah. Ketik kode dari email terbaru, atau minta kode baru.',
      expiredCode: 'Kode itu sudah kedaluwarsa: kode berlaku satu jam. Minta kode baru.',
      tooManyAttempts: 'Terlalu banyak percobaan dalam waktu singkat. Tunggu beberapa menit, lalu coba lagi.',
      unreachable: 'Layanan masuk tidak menjawab. Periksa koneksi Anda, lalu coba lagi.',
    },
  },
};
