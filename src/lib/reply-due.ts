// The reply due as a person reads it on the team's page: "in 3 h", "2 h overdue", "answered in
// time", in the page's language. A span is rounded down, so a promise never looks further away than
// it is: minutes under an hour, hours under two days, days beyond.
import type { SpanUnit, TeamText } from '../content/team';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Span {
  amount: number;
  unit: SpanUnit;
}

/** A length of time in ms (its sign ignored) in the largest unit that reads well, at least 1 minute. */
export function spanOf(ms: number): Span {
  const length = Math.abs(ms);
  if (length < HOUR) return { amount: Math.max(1, Math.floor(length / MINUTE)), unit: 'min' };
  if (length < 2 * DAY) return { amount: Math.floor(length / HOUR), unit: 'h' };
  return { amount: Math.floor(length / DAY), unit: 'd' };
}

/** Where an inquiry stands against its promise: what the row says, and how it is shown. */
export type DueState = 'upcoming' | 'now' | 'overdue' | 'none' | 'inTime' | 'late';

export interface ReplyDue {
  state: DueState;
  text: string;
}

/**
 * The reply due of an inquiry at `now` (ms, on the database's clock): before it, past it, or, once
 * answered, whether the answer kept the promise. Rows older than the promises have no due time.
 */
export function replyDue(
  inquiry: { reply_due_at: string | null; answered_at: string | null },
  now: number,
  words: TeamText['due'],
): ReplyDue {
  if (inquiry.reply_due_at === null) return { state: 'none', text: words.none };
  const due = Date.parse(inquiry.reply_due_at);
  const say = (ms: number) => {
    const { amount, unit } = spanOf(ms);
    return words.units[unit](amount);
  };
  if (inquiry.answered_at !== null) {
    const late = Date.parse(inquiry.answered_at) - due;
    return late <= 0 ? { state: 'inTime', text: words.inTime } : { state: 'late', text: words.late(say(late)) };
  }
  const left = due - now;
  if (Math.abs(left) < MINUTE) return { state: 'now', text: words.now };
  return left > 0 ? { state: 'upcoming', text: words.upcoming(say(left)) } : { state: 'overdue', text: words.overdue(say(left)) };
}
