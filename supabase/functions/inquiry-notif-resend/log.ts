export type LogDetails = Record<string, string | number | null>;

/**
 * One JSON line per event, so a log search can count outcomes and find a row by its id: ids,
 * statuses and codes only, never what the visitor wrote.
 */
export function log(level: 'info' | 'warn' | 'error', event: string, details: LogDetails = {}): void {
  console[level](JSON.stringify({ fn: 'inquiry-notif-resend', event, ...details }));
}
