// The privacy notice (/privacy/ and /id/privasi/) in both languages, as Indonesia's PDP Law and the
// GDPR ask of the company at collection: who it is, what it collects and why, on what basis, how long
// it keeps it, who processes it and where, and the visitor's rights. Not the spec's words: an
// addition (docs/architecture.md). Who processes what follows the build's settings
// (src/build-time/privacy-settings.ts); gatsby-node.ts writes each page's text into its page context.
import type { Language } from './languages';

/**
 * How long an inquiry is kept, in months: the default of private.inquiry_limits.inquiry_retention
 * (supabase/migrations/20261127000200_personal_data.sql). A test reads both and holds them equal.
 */
export const INQUIRY_RETENTION_MONTHS = 12;

/**
 * How long, at most, the flood limits keep a message's network address and keyed mailbox hash, in
 * minutes: the widest window a limit counts over (private.inquiry_writes_kept(), 60 minutes) plus
 * the interval of the job that prunes them (inquiry-limit-prune, every 5 minutes;
 * supabase/migrations/20261129000100_visitor_data_scope.sql). A test reads both and holds them equal.
 */
export const LIMIT_RECORD_MINUTES = 65;

/** Who may receive a visitor's data, as the build is configured. */
export type Processor = 'supabase' | 'resend' | 'host' | 'turnstile' | 'analytics';

export interface PrivacySettings {
  /** The team's address (GATSBY_INQUIRY_EMAIL): where requests go. */
  contactEmail: string;
  productName: string;
  /** The processors this build uses, each with its name where the build knows it (the host's, the analytics'). */
  processors: readonly { kind: Processor; name: string | null }[];
  /** Where the Supabase project stores data (SUPABASE_REGION), or null when the build was not told. */
  region: string | null;
}

export interface PrivacySection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

/** What a privacy page shows: plain text, ready for its page context. */
export interface PrivacyPage {
  title: string;
  description: string;
  intro: string;
  sections: readonly PrivacySection[];
  /** The link back to the landing page in the same language. */
  home: string;
}

type Writer = (settings: PrivacySettings) => PrivacyPage;

const months = INQUIRY_RETENTION_MONTHS;
const limitMinutes = LIMIT_RECORD_MINUTES;

const ENGLISH: Writer = ({ contactEmail, productName, processors, region }) => {
  const processorText: Record<Processor, (name: string | null) => string> = {
    supabase: () => 'Supabase stores your inquiry in our database.',
    resend: () => 'Resend delivers the email that tells our team about your inquiry.',
    host: (name) => `${name ?? 'Our web host'} serves this website and, like any web server, sees your network address when you visit.`,
    turnstile: () => 'Cloudflare Turnstile checks, when you send the form, that a person and not a program is sending it.',
    analytics: (name) =>
      `${name ?? 'A page-view counter on this website'} counts page views; it never receives your name, email address or message.`,
  };
  return {
    title: `Privacy notice: ${productName}`,
    description: `How ${productName} handles the details you send through its contact form.`,
    intro: `${productName}, Jakarta, Indonesia, is responsible for the personal data you give us on this website. Write to ${contactEmail} with any question about it.`,
    sections: [
      {
        heading: 'What we collect and why',
        paragraphs: [
          'When you send the contact form or ask for the investor deck, we receive your name, your email address, your company if you give it, your message, the language of the page, and the time. We use these details only to answer you.',
          `To keep the form from being flooded, we note the network address a message comes from, with a keyed hash of its email address, for at most ${limitMinutes} minutes after the message; then both are deleted.`,
        ],
      },
      {
        heading: 'Legal basis',
        paragraphs: [
          'We process your details because you ask us to answer you: your consent when you send the form, and the steps you ask for before any agreement (Law 27 of 2022 on Personal Data Protection, Article 20; GDPR Article 6(1)(a) and (b)). Noting network addresses and email hashes against floods is in our legitimate interest (Article 20; GDPR Article 6(1)(f)).',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [`We delete each inquiry ${months} months after you send it, unless the law obliges us to keep it longer.`],
      },
      {
        heading: 'Who processes it for us',
        paragraphs:
          processors.length > 0
            ? ['These companies process data for us, under our instructions:']
            : ['No other company processes your details.'],
        items: processors.map(({ kind, name }) => processorText[kind](name)),
      },
      {
        heading: 'Where it is stored',
        paragraphs: [
          region
            ? `Your inquiry is stored outside Indonesia, in ${region}, in our Supabase project, and passes through our processors' servers abroad.`
            : "Your inquiry is stored outside Indonesia, in our Supabase project's region, and passes through our processors' servers abroad.",
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You may ask us to see, correct or delete the details we hold about you, to receive a copy of them, or to stop using them. Write to ${contactEmail} from the address you used; we answer within 3 × 24 hours that we received your request, and act on it without delay. You may also complain to the authority for personal data protection in Indonesia, or in the European Union to your country's data protection authority.`,
        ],
      },
    ],
    home: `Back to ${productName}`,
  };
};

const INDONESIAN: Writer = ({ contactEmail, productName, processors, region }) => {
  const processorText: Record<Processor, (name: string | null) => string> = {
    supabase: () => 'Supabase menyimpan pertanyaan Anda di basis data kami.',
    resend: () => 'Resend mengirimkan email yang memberi tahu tim kami tentang pertanyaan Anda.',
    host: (name) =>
      `${name ?? 'Penyedia hosting kami'} menayangkan situs web ini dan, seperti setiap server web, melihat alamat jaringan Anda saat Anda berkunjung.`,
    turnstile: () => 'Cloudflare Turnstile memeriksa, saat Anda mengirim formulir, bahwa pengirimnya manusia dan bukan program.',
    analytics: (name) =>
      `${name ?? 'Penghitung kunjungan di situs web ini'} menghitung kunjungan halaman; layanan ini tidak pernah menerima nama, alamat email, atau pesan Anda.`,
  };
  return {
    title: `Pemberitahuan privasi: ${productName}`,
    description: `Cara ${productName} menangani data yang Anda kirim melalui formulir kontaknya.`,
    intro: `${productName}, Jakarta, Indonesia, bertanggung jawab atas data pribadi yang Anda berikan kepada kami di situs web ini. Kirimkan pertanyaan apa pun tentang hal itu ke ${contactEmail}.`,
    sections: [
      {
        heading: 'Data yang kami kumpulkan dan tujuannya',
        paragraphs: [
          'Saat Anda mengirim formulir kontak atau meminta dek investor, kami menerima nama, alamat email, nama perusahaan jika Anda mengisinya, pesan Anda, bahasa halaman, dan waktunya. Kami menggunakan data ini hanya untuk menjawab Anda.',
          `Agar formulir tidak dibanjiri pesan, kami mencatat alamat jaringan asal pesan beserta hash berkunci dari alamat emailnya paling lama ${limitMinutes} menit setelah pesan dikirim; setelah itu keduanya dihapus.`,
        ],
      },
      {
        heading: 'Dasar hukum',
        paragraphs: [
          'Kami memproses data Anda karena Anda meminta jawaban dari kami: persetujuan Anda saat mengirim formulir, dan langkah yang Anda minta sebelum adanya perjanjian (Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi, Pasal 20; GDPR Pasal 6 ayat (1) huruf a dan b). Pencatatan alamat jaringan dan hash alamat email untuk mencegah banjir pesan merupakan kepentingan sah kami (Pasal 20; GDPR Pasal 6 ayat (1) huruf f).',
        ],
      },
      {
        heading: 'Berapa lama kami menyimpannya',
        paragraphs: [
          `Kami menghapus setiap pertanyaan ${months} bulan setelah Anda mengirimnya, kecuali hukum mewajibkan kami menyimpannya lebih lama.`,
        ],
      },
      {
        heading: 'Siapa yang memprosesnya untuk kami',
        paragraphs:
          processors.length > 0
            ? ['Perusahaan berikut memproses data untuk kami, sesuai instruksi kami:']
            : ['Tidak ada perusahaan lain yang memproses data Anda.'],
        items: processors.map(({ kind, name }) => processorText[kind](name)),
      },
      {
        heading: 'Tempat data disimpan',
        paragraphs: [
          region
            ? `Pertanyaan Anda disimpan di luar Indonesia, di ${region}, dalam proyek Supabase kami, dan melewati server pemroses kami di luar negeri.`
            : 'Pertanyaan Anda disimpan di luar Indonesia, di wilayah proyek Supabase kami, dan melewati server pemroses kami di luar negeri.',
        ],
      },
      {
        heading: 'Hak Anda',
        paragraphs: [
          `Anda dapat meminta kami untuk melihat, memperbaiki, atau menghapus data Anda yang kami simpan, menerima salinannya, atau berhenti menggunakannya. Kirimkan permintaan ke ${contactEmail} dari alamat yang Anda gunakan; kami mengonfirmasi penerimaan permintaan Anda dalam 3 × 24 jam dan menindaklanjutinya tanpa penundaan. Anda juga dapat mengajukan pengaduan kepada lembaga pelindungan data pribadi di Indonesia, atau di Uni Eropa kepada otoritas pelindungan data di negara Anda.`,
        ],
      },
    ],
    home: `Kembali ke ${productName}`,
  };
};

/** Each language's privacy page for a build's settings. */
export const PRIVACY_WRITERS: Readonly<Record<Language, Writer>> = { en: ENGLISH, id: INDONESIAN };
