// The sign-in email as Supabase's Auth sends it: the project's own template (supabase/templates/,
// named in supabase/config.toml as the magic_link template, which `supabase config push` gives the
// hosted project), rendered as Auth renders it with Go's html/template: `{{ .Token }}` and
// `{{ .Email }}` filled in, HTML-escaped. Any other action in the template fails the send, so that the
// template never uses what only the hosted Auth would fill in without a test seeing it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGN_IN_TEMPLATE } from '../../../supabase/paths';
import { REPO_ROOT } from './project';

/** The template's file; supabase/config.toml names the same one (a test holds them equal). */
export const SIGN_IN_TEMPLATE_FILE = path.join(REPO_ROOT, 'supabase', SIGN_IN_TEMPLATE);

/** The subject supabase/config.toml gives the template (a test holds them equal). */
export const SIGN_IN_SUBJECT = 'Your sign-in code · Kode masuk Anda';

export interface SignInEmail {
  subject: string;
  html: string;
  /** The HTML's text, for the inbox and `npm run backend`'s log. */
  text: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#34': '"', '#39': "'", nbsp: ' ' };

/** `template` with each `{{ .Name }}` replaced by `values.Name`, escaped; throws on any other action. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{-?\s*([^}]*?)\s*-?\}\}/g, (action, expression: string) => {
    const name = /^\.([A-Za-z]+)$/.exec(expression)?.[1];
    const value = name === undefined ? undefined : values[name];
    if (value === undefined) throw new Error(`local backend: the email template's ${action} is not one this stand-in fills in`);
    return escapeHtml(value);
  });
}

/** The text of an HTML email as a mail program shows it: one line per block, the head left out, entities read. */
export function htmlText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<\/(p|h[1-6]|div|li|tr)>|<br\s*\/?>|<hr[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** The email for `email` carrying `token`, from the template file as it is now. */
export function signInEmail(email: string, token: string): SignInEmail {
  const html = renderTemplate(readFileSync(SIGN_IN_TEMPLATE_FILE, 'utf8'), { Token: token, Email: email });
  return { subject: SIGN_IN_SUBJECT, html, text: htmlText(html) };
}

/** The one-time code of a sign-in email (`npm run backend` prints it), or null for any other email. */
export function signInCodeOf(email: { subject: string; text: string }): string | null {
  return email.subject === SIGN_IN_SUBJECT ? (/\b(\d{6})\b/.exec(email.text)?.[1] ?? null) : null;
}
