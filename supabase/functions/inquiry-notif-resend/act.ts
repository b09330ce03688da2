// A press on the site's /act/ page (`{"act": <token>, "action": "answer" | "send_deck"}`, with the
// anon key: the token is the authority). Opening the page only reads; this is the one call that acts.
// Every answer is JSON the page turns into one sentence in its language.
import type { Action } from './actions.ts';
import { answerDeck } from './deck.ts';
import { json } from './http.ts';
import { log } from './log.ts';
import type { Settings } from './settings.ts';
import type { SubmissionStore } from './store.ts';

export async function act(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey'>,
  token: string,
  action: Action,
): Promise<Response> {
  const outcome = await store.takeAction(token, action);
  switch (outcome.outcome) {
    case 'invalid':
      // One answer for a wrong, expired or mismatched token; the log says no more than the page.
      log('info', 'action-refused', { status: 404 });
      return json(404, { outcome: 'invalid' });
    case 'done':
      return json(200, { outcome: 'done', how: outcome.how, at: outcome.at });
    case 'answered':
      log('info', 'answered', { status: 200 });
      return json(200, { outcome: 'answered', at: outcome.at });
  }
  return await answerDeck(store, settings, outcome);
}
