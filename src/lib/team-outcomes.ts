// Each answer of the team's actions as the one sentence the page says, in its language.
import type { TeamText } from '../content/team';
import { localTime } from './local-time';
import { TeamCallFailed, type AnswerOutcome, type DeckOutcome, type EraseOutcome, type HoldOutcome, type Inquiry } from './team-api';

/** The page's last word: something done, or why nothing was. */
export type TeamNote = { kind: 'done' | 'problem'; text: string } | null;

const done = (text: string): TeamNote => ({ kind: 'done', text });
const problem = (text: string): TeamNote => ({ kind: 'problem', text });

export function answerNote(result: AnswerOutcome, row: Inquiry, text: TeamText): TeamNote {
  const { outcomes } = text;
  if (result.outcome === 'answered') return done(outcomes.answered(row.name));
  if (result.outcome === 'missing' || result.outcome === 'invalid') return problem(outcomes[result.outcome]);
  const at = localTime(result.at, text.locale);
  // Answered either way: what the member wanted is true, and the sentence says who was first.
  return done(result.how === 'deck_sent' ? outcomes.alreadyByDeck(row.name, at) : outcomes.already(row.name, at, result.by));
}

export function holdNote(result: HoldOutcome, row: Inquiry, text: TeamText): TeamNote {
  if (result.outcome === 'missing' || result.outcome === 'invalid') return problem(text.outcomes[result.outcome]);
  return done(result.outcome === 'held' ? text.outcomes.held(row.name) : text.outcomes.released(row.name));
}

export function deckNote(result: DeckOutcome, row: Inquiry, text: TeamText): TeamNote {
  const { outcomes } = text;
  switch (result.outcome) {
    case 'deck_sent':
      return done(outcomes.deckSent(row.email, localTime(result.at, text.locale)));
    case 'done':
      return done(outcomes.deckBefore(row.email, localTime(result.at, text.locale)));
    case 'busy':
      return problem(outcomes.deckBusy);
    case 'capped':
      return problem(outcomes.deckCapped);
    case 'deck-missing':
      return problem(outcomes.deckMissing);
    case 'not-sent':
      return problem(outcomes.deckNotSent);
    case 'missing':
      return problem(outcomes.missing);
    case 'not-investor':
      return problem(outcomes.notInvestor);
  }
}

export function eraseNote(result: EraseOutcome, text: TeamText): TeamNote {
  if (result.outcome === 'unconfirmed') return problem(text.outcomes.unconfirmed);
  const records = Object.values(result.deleted ?? {}).reduce((sum, count) => sum + Number(count), 0);
  return done(text.outcomes.erased(records, Number(result.held ?? 0)));
}

/** Why a call did nothing, for every problem but an ended session (the page signs in again instead). */
export function failureNote(error: unknown, text: TeamText): TeamNote {
  if (!(error instanceof TeamCallFailed)) return problem(text.outcomes.unreachable);
  if (error.problem === 'notAddress') return problem(text.search.notAddress);
  if (error.problem === 'unreachable') return problem(text.outcomes.unreachable);
  return problem(text.outcomes.failed(error.code));
}
