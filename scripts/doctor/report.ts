// What every check returns, and the words the checks share.
import type pg from 'pg';

export type Database = pg.Client;

export interface CheckResult {
  name: string;
  status: 'ok' | 'warn' | 'FAIL' | 'skip';
  detail: string;
  /** What to do about it: one step, or several printed one a line. */
  fix?: string | string[];
}

export const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });
export const warn = (name: string, detail: string, fix: string | string[]): CheckResult => ({ name, status: 'warn', detail, fix });
export const fail = (name: string, detail: string, fix: string | string[]): CheckResult => ({ name, status: 'FAIL', detail, fix });
export const skip = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'skip', detail, fix });

export const minutesSince = (time: Date | string): number => Math.round((Date.now() - new Date(time).getTime()) / 60_000);
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
