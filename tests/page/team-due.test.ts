// The reply due as the team's page words it (src/lib/reply-due.ts), in both languages: before it,
// at it, past it, and once answered, whether the answer kept the promise.
import { TEAM_TEXT } from '../../src/content/team';
import { replyDue, spanOf } from '../../src/lib/reply-due';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(NOW + offset).toISOString();
const open = (dueIn: number) => ({ reply_due_at: at(dueIn), answered_at: null });

it('rounds a span down, in the largest unit that reads well: minutes, hours under two days, then days', () => {
  expect(spanOf(30_000)).toEqual({ amount: 1, unit: 'min' });
  expect(spanOf(59 * MINUTE + 59_000)).toEqual({ amount: 59, unit: 'min' });
  expect(spanOf(HOUR)).toEqual({ amount: 1, unit: 'h' });
  expect(spanOf(-(3 * HOUR + 59 * MINUTE))).toEqual({ amount: 3, unit: 'h' });
  expect(spanOf(47 * HOUR)).toEqual({ amount: 47, unit: 'h' });
  expect(spanOf(48 * HOUR)).toEqual({ amount: 2, unit: 'd' });
});

it.each([
  [3 * HOUR + 20 * MINUTE, 'upcoming', 'in 3 h', 'dalam 3 jam'],
  [45 * MINUTE, 'upcoming', 'in 45 min', 'dalam 45 menit'],
  [30_000, 'now', 'due now', 'jatuh tempo sekarang'],
  [-30_000, 'now', 'due now', 'jatuh tempo sekarang'],
  [-2 * HOUR - 10 * MINUTE, 'overdue', '2 h overdue', 'terlambat 2 jam'],
  [-5 * MINUTE, 'overdue', '5 min overdue', 'terlambat 5 menit'],
  [-24 * HOUR * 3, 'overdue', '3 days overdue', 'terlambat 3 hari'],
  [-24 * HOUR * 2 - 5 * HOUR, 'overdue', '2 days overdue', 'terlambat 2 hari'],
])('an open inquiry due in %d ms: %s, "%s" / "%s"', (dueIn, state, en, id) => {
  expect(replyDue(open(dueIn), NOW, TEAM_TEXT.en.due)).toEqual({ state, text: en });
  expect(replyDue(open(dueIn), NOW, TEAM_TEXT.id.due)).toEqual({ state, text: id });
});

it('an inquiry 25 hours old, promised within 24, is one hour overdue', () => {
  expect(replyDue({ reply_due_at: at(-25 * HOUR + 24 * HOUR), answered_at: null }, NOW, TEAM_TEXT.en.due).text).toBe('1 h overdue');
});

it('one day takes the singular in English', () => {
  expect(TEAM_TEXT.en.due.units.d(1)).toBe('1 day');
});

it('an answered inquiry says whether the answer kept the promise, whatever the clock says now', () => {
  const due = at(-10 * HOUR);
  expect(replyDue({ reply_due_at: due, answered_at: at(-11 * HOUR) }, NOW, TEAM_TEXT.en.due)).toEqual({
    state: 'inTime',
    text: 'answered in time',
  });
  expect(replyDue({ reply_due_at: due, answered_at: due }, NOW, TEAM_TEXT.id.due).text).toBe('dijawab tepat waktu');
  expect(replyDue({ reply_due_at: due, answered_at: at(-7 * HOUR) }, NOW, TEAM_TEXT.en.due)).toEqual({
    state: 'late',
    text: 'answered 3 h late',
  });
  expect(replyDue({ reply_due_at: due, answered_at: at(-7 * HOUR) }, NOW, TEAM_TEXT.id.due).text).toBe('dijawab terlambat 3 jam');
});

it('an inquiry from before the promises has no reply time', () => {
  expect(replyDue({ reply_due_at: null, answered_at: null }, NOW, TEAM_TEXT.en.due)).toEqual({ state: 'none', text: 'no reply time' });
  expect(replyDue({ reply_due_at: null, answered_at: at(-HOUR) }, NOW, TEAM_TEXT.id.due).text).toBe('tanpa batas balasan');
});
