// The editing page (/edit/ and /id/edit/): what an editor may change in each content table (the
// columns the database grants them, supabase/migrations/20261127000300_editors.sql), the values
// the page knows, the checks a row passes before it is saved, and the page's texts in both
// languages. Only the editing page imports this file, so none of it reaches `/`.
import { FEATURE_CLASSIFICATIONS } from './model';
import type { Language } from './languages';
import { LIVE_TEXT, type LiveText } from './preview';
import { STAFF_SIGN_IN_TEXT, type StaffSignInText } from './staff';
import { MATERIAL_STATUS_OPACITY, TIMELINE_ICONS, TIMELINE_STATUS_OPACITY } from './status';

export const EDITED_TABLES = ['timeline', 'material_coverage', 'feature_cards'] as const;
export type EditedTable = (typeof EDITED_TABLES)[number];

export type FieldKind = 'text' | 'long' | 'choice' | 'photo';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** The values the page knows (a choice); anything else is refused before saving. */
  known?: readonly string[];
  /** The database's bound (the tables' check constraints). */
  max?: number;
}

const text = (name: string, max: number, required = false): FieldSpec[] => [
  { name, kind: max > 200 ? 'long' : 'text', max, required },
  { name: `${name}_ind`, kind: max > 200 ? 'long' : 'text', max },
];

/** The editable fields of each table, English column then its Indonesian twin. */
export const EDIT_FIELDS: Record<EditedTable, readonly FieldSpec[]> = {
  timeline: [
    ...text('period', 40, true),
    ...text('title', 200, true),
    ...text('description', 2000),
    { name: 'status', kind: 'choice', required: true, known: Object.keys(TIMELINE_STATUS_OPACITY) },
    { name: 'icon', kind: 'choice', known: TIMELINE_ICONS },
  ],
  material_coverage: [
    ...text('name', 200, true),
    ...text('description', 2000),
    { name: 'status', kind: 'choice', required: true, known: Object.keys(MATERIAL_STATUS_OPACITY) },
    { name: 'image', kind: 'photo', max: 2048 },
  ],
  feature_cards: [
    { name: 'classification', kind: 'choice', required: true, known: FEATURE_CLASSIFICATIONS },
    ...text('title', 200, true),
    ...text('subtitle', 500),
    { name: 'icon', kind: 'text', max: 16 },
    { name: 'icon_color', kind: 'text', max: 40 },
  ],
};

/** What the page reads of each row: the id, the editable fields, the switch, the place and the version. */
export const selectOf = (table: EditedTable) =>
  ['id', ...EDIT_FIELDS[table].map((field) => field.name), 'is_active', 'order_index', 'row_version'].join(',');

/** The title column each table's rows are listed by. */
export const TITLE_FIELD: Record<EditedTable, string> = { timeline: 'title', material_coverage: 'name', feature_cards: 'title' };

// The site-pictures bucket's limits (supabase/migrations/20261124000500_site_pictures_bucket.sql).
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURES_BUCKET = 'site-pictures';

export type EditRow = Record<string, string | number | boolean | null> & {
  id: string | number;
  row_version: number;
  is_active: boolean;
  order_index: number;
};

export type FieldProblem = { field: string; problem: 'required' | 'unknown' | 'tooLong' };

/** What keeps `row` from being saved, field by field (empty list: nothing). */
export function problemsOf(table: EditedTable, row: Record<string, unknown>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of EDIT_FIELDS[table]) {
    const value = row[field.name];
    const filled = typeof value === 'string' && value.trim() !== '';
    if (field.required && !filled) problems.push({ field: field.name, problem: 'required' });
    else if (filled && field.known && !field.known.includes(value)) problems.push({ field: field.name, problem: 'unknown' });
    else if (filled && field.max !== undefined && value.length > field.max) problems.push({ field: field.name, problem: 'tooLong' });
  }
  return problems;
}

export type PhotoProblem = 'photoType' | 'photoSize';

export function photoProblem(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'photoType';
  return file.size > PHOTO_MAX_BYTES ? 'photoSize' : null;
}

export interface EditText {
  title: string;
  intro: string;
  noBackend: string;
  /** The staff sign-in, in the words of an editor's page. */
  signIn: StaffSignInText;
  tables: Record<EditedTable, string>;
  fields: Record<string, string>;
  english: string;
  indonesian: string;
  published: string;
  draft: string;
  save: string;
  saved: string;
  saving: string;
  add: string;
  delete: string;
  moveUp: string;
  moveDown: string;
  moved: string;
  confirmDelete: (title: string) => string;
  deleted: string;
  photo: string;
  uploading: string;
  uploaded: string;
  problems: Record<FieldProblem['problem'] | PhotoProblem, (field: string) => string>;
  conflict: string;
  reload: string;
  expired: string;
  refused: string;
  failed: (detail: string) => string;
  /** Under the tables: what the preview offers (signed out), or the button that opens it. */
  preview: string;
  openPreview: string;
  previewFailed: string;
  /** Whether the live site shows every saved edit. */
  live: LiveText;
  otherLanguage: string;
  untitled: string;
}

/** How far the live site is behind, in Indonesian (LIVE_TEXT's `shows`). */
const menampilkan = (savedAt: string | null, edits: number) =>
  `menampilkan konten dari ${savedAt ?? 'penyimpanan sebelumnya'}; ${edits} suntingan sejak itu`;

export const EDIT_TEXT: Record<Language, EditText> = {
  en: {
    title: 'Edit the content',
    intro:
      'Change the texts of the timeline, the materials and the product cards, in English and Indonesian. The site is rebuilt about a minute after your last save.',
    noBackend: 'This site was built without backend settings (GATSBY_SUPABASE_URL, GATSBY_SUPABASE_ANON_KEY): there is nothing to edit.',
    signIn: {
      ...STAFF_SIGN_IN_TEXT.en,
      codeSent: (email) => `If ${email} may edit, a code is on its way there. It works once, within an hour.`,
      problems: {
        ...STAFF_SIGN_IN_TEXT.en.problems,
        notAllowed: 'This address may not edit the site. Ask an operator to add you (npm run editors -- add).',
      },
    },
    tables: { timeline: 'Timeline', material_coverage: 'Materials', feature_cards: 'Product cards' },
    fields: {
      period: 'Period',
      title: 'Title',
      description: 'Description',
      name: 'Name',
      subtitle: 'Subtitle',
      status: 'Status',
      icon: 'Icon',
      icon_color: 'Icon colour',
      classification: 'Column',
      image: 'Photo address',
    },
    english: 'English',
    indonesian: 'Indonesian',
    published: 'Published (visitors see it)',
    draft: 'Draft',
    save: 'Save',
    saved: 'Saved. The site shows it after the next build.',
    saving: 'Saving…',
    add: 'Add a row',
    delete: 'Delete',
    moveUp: 'Move up',
    moveDown: 'Move down',
    moved: 'Moved. The site shows the new order after the next build.',
    confirmDelete: (title) => `Delete "${title}" for good?`,
    deleted: 'Deleted.',
    photo: 'Upload a photo (JPEG, PNG, WebP or AVIF, up to 10 MB)',
    uploading: 'Uploading the photo…',
    uploaded: 'Photo uploaded and attached: save the row to publish it.',
    problems: {
      required: (field) => `${field} is required.`,
      unknown: (field) => `${field} must be one of the listed values.`,
      tooLong: (field) => `${field} is too long.`,
      photoType: () => 'This file is not a JPEG, PNG, WebP or AVIF photo.',
      photoSize: () => 'This photo is larger than 10 MB. Make it smaller and try again.',
    },
    conflict:
      'Someone else changed this row since you opened it. Your text is still here: reload the row to see their change, then save yours again.',
    reload: 'Reload this row',
    expired: 'Your session has expired. Sign in again: your text stays here until you do.',
    refused: 'The database refused this change: you may no longer be an editor. Your text is still here.',
    failed: (detail) => `The change was not saved (${detail}). Your text is still here; try again.`,
    preview: 'Signed in, you can also see your drafts on the page and drag the lists into order.',
    openPreview: 'Preview drafts and arrange the lists',
    previewFailed: 'The preview could not be opened. Your edits are saved; try again.',
    live: LIVE_TEXT,
    otherLanguage: 'Halaman ini dalam Bahasa Indonesia',
    untitled: '(untitled)',
  },
  id: {
    title: 'Sunting konten',
    intro:
      'Ubah teks peta jalan, material, dan kartu produk, dalam bahasa Inggris dan Indonesia. Situs dibangun ulang sekitar satu menit setelah Anda terakhir menyimpan.',
    noBackend:
      'Situs ini dibangun tanpa pengaturan backend (GATSBY_SUPABASE_URL, GATSBY_SUPABASE_ANON_KEY): tidak ada yang bisa disunting.',
    signIn: {
      ...STAFF_SIGN_IN_TEXT.id,
      codeSent: (email) => `Jika ${email} boleh menyunting, kode sedang dikirim ke sana. Kode berlaku sekali, dalam satu jam.`,
      problems: {
        ...STAFF_SIGN_IN_TEXT.id.problems,
        notAllowed: 'Alamat ini tidak boleh menyunting situs. Minta operator menambahkan Anda (npm run editors -- add).',
      },
    },
    tables: { timeline: 'Peta jalan', material_coverage: 'Material', feature_cards: 'Kartu produk' },
    fields: {
      period: 'Periode',
      title: 'Judul',
      description: 'Deskripsi',
      name: 'Nama',
      subtitle: 'Subjudul',
      status: 'Status',
      icon: 'Ikon',
      icon_color: 'Warna ikon',
      classification: 'Kolom',
      image: 'Alamat foto',
    },
    english: 'Inggris',
    indonesian: 'Indonesia',
    published: 'Terbit (pengunjung melihatnya)',
    draft: 'Draf',
    save: 'Simpan',
    saved: 'Tersimpan. Situs menampilkannya setelah pembangunan berikutnya.',
    saving: 'Menyimpan…',
    add: 'Tambah baris',
    delete: 'Hapus',
    moveUp: 'Naikkan',
    moveDown: 'Turunkan',
    moved: 'Dipindahkan. Situs menampilkan urutan baru setelah pembangunan berikutnya.',
    confirmDelete: (title) => `Hapus "${title}" untuk selamanya?`,
    deleted: 'Terhapus.',
    photo: 'Unggah foto (JPEG, PNG, WebP, atau AVIF, maksimal 10 MB)',
    uploading: 'Mengunggah foto…',
    uploaded: 'Foto terunggah dan terpasang: simpan baris ini untuk menerbitkannya.',
    problems: {
      required: (field) => `${field} wajib diisi.`,
      unknown: (field) => `${field} harus salah satu nilai yang tersedia.`,
      tooLong: (field) => `${field} terlalu panjang.`,
      photoType: () => 'Berkas ini bukan foto JPEG, PNG, WebP, atau AVIF.',
      photoSize: () => 'Foto ini lebih besar dari 10 MB. Perkecil lalu coba lagi.',
    },
    conflict:
      'Orang lain mengubah baris ini sejak Anda membukanya. Teks Anda masih di sini: muat ulang baris untuk melihat perubahan mereka, lalu simpan lagi.',
    reload: 'Muat ulang baris ini',
    expired: 'Sesi Anda telah berakhir. Masuk lagi: teks Anda tetap di sini.',
    refused: 'Basis data menolak perubahan ini: mungkin Anda bukan penyunting lagi. Teks Anda masih di sini.',
    failed: (detail) => `Perubahan tidak tersimpan (${detail}). Teks Anda masih di sini; coba lagi.`,
    preview: 'Setelah masuk, Anda juga dapat melihat draf di halaman dan menyeret daftar ke urutannya.',
    openPreview: 'Pratinjau draf dan atur urutan daftar',
    previewFailed: 'Pratinjau tidak dapat dibuka. Suntingan Anda tersimpan; coba lagi.',
    live: {
      locale: 'id-ID',
      live: 'Tayang: situs menampilkan setiap suntingan yang tersimpan',
      pending: (savedAt, edits) => `Menunggu pembangunan: situs ${menampilkan(savedAt, edits)}`,
      stale: 'Pembangunan terakhir mungkin gagal: periksa deploy di host Anda',
      staleDetail: (savedAt, edits) => `Situs ${menampilkan(savedAt, edits)}`,
    },
    otherLanguage: 'This page in English',
    untitled: '(tanpa judul)',
  },
};

/** A field's label in the page's language, naming the language of a text and its twin. */
export function fieldLabel(text: EditText, name: string): string {
  const twin = name.endsWith('_ind');
  const base = text.fields[twin ? name.slice(0, -4) : name] ?? name;
  const isText = Object.values(EDIT_FIELDS).some((fields) => fields.some((field) => field.name === `${name.replace(/_ind$/, '')}_ind`));
  return isText ? `${base} (${twin ? text.indonesian : text.english})` : base;
}
