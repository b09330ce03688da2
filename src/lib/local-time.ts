/** A time in the reader's time zone, written as the page's language writes it (`locale`). */
export const localTime = (iso: string, locale: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
