// The function's router: every case a call can be, in the order they are checked. Each step lives
// in its own module: http.ts (the request's shape, the answers), validate.ts (the body's fields),
// settings.ts, auth.ts (who may sweep), notify.ts (the browser's call), verified.ts (the browser's
// verified store past the ceiling), act.ts (a press on /act/), team.ts (a press on /team/), sweep.ts
// and digest.ts.
import { act } from './act.ts';
import { isServiceKey } from './auth.ts';
import { addressHeaders, clientAddress, json, methodNotAllowed, preflight, readJsonObject, reject } from './http.ts';
import { log } from './log.ts';
import { notify } from './notify.ts';
import { type Env, readSettings, type Settings } from './settings.ts';
import { StoreError, type SubmissionStore } from './store.ts';
import { sweep } from './sweep.ts';
import { remind } from './remind.ts';
import { readCall } from './validate.ts';
import { storeVerified } from './verified.ts';
import { apikeyFor, bearerOf, teamDeck, type TeamStore } from './team.ts';

export interface Dependencies {
  /** Read per request, so a secret set after deploy applies without a restart. */
  env: Env;
  openStore(supabaseUrl: string, serviceRoleKey: string): SubmissionStore;
  /** The database as a signed-in team member reaches it: `apikey` a project key, the member's own token. */
  openTeamStore(supabaseUrl: string, apikey: string, accessToken: string): TeamStore;
}

/** The whole function: every answer, errors included, is JSON with the CORS headers. */
export async function handler(request: Request, deps: Dependencies): Promise<Response> {
  try {
    return await respond(request, deps);
  } catch (error) {
    log('error', 'crashed', { status: 500, error: error instanceof Error ? error.name : typeof error });
    return json(500, { error: 'Internal error' });
  }
}

async function respond(request: Request, deps: Dependencies): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;

  const call = readCall(body);
  if ('field' in call) return reject(400, `Invalid field '${call.field}': ${call.problem}`, `field:${call.field}`);

  const settings = readSettings(deps.env);
  if ('missing' in settings) {
    return reject(500, `The function is not configured: missing ${settings.missing.join(', ')}`, 'config', {
      missing: settings.missing.join(','),
    });
  }
  if ('invalid' in settings) {
    return reject(500, `The function is not configured: ${settings.invalid} is not valid`, 'config', {
      invalid: settings.invalid,
    });
  }

  if (
    (call.kind === 'sweep' || call.kind === 'remind') &&
    !(await isServiceKey(request.headers.get('authorization'), settings.serviceRoleKey))
  ) {
    return reject(401, `A ${call.kind} needs the service-role key`, `${call.kind}-unauthorised`);
  }

  const store = deps.openStore(settings.supabaseUrl, settings.serviceRoleKey);
  try {
    if (call.kind === 'sweep') return await sweep(store, settings);
    if (call.kind === 'remind') return await remind(store, settings);
    if (call.kind === 'act') return await act(store, settings, call.token, call.action);
    if (call.kind === 'team_deck') {
      const team = openTeam(request, settings, deps);
      return team instanceof Response ? team : await teamDeck(team, store, settings, call.id);
    }
    if (call.kind === 'store') {
      return await storeVerified(store, settings, call, { address: clientAddress(request), headers: addressHeaders(request) });
    }
    return await notify(store, settings, call, clientAddress(request));
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return reject(503, 'The submission store is unavailable', `store:${error.operation}`, {
      ...(call.kind === 'notify' ? { id: call.id } : call.kind === 'store' ? { id: call.row.id } : {}),
      code: error.code,
    });
  }
}

/** The member's way to the database, or the 401 when the call carries no session for it to check. */
function openTeam(request: Request, settings: Settings, deps: Dependencies): TeamStore | Response {
  const token = bearerOf(request);
  const apikey = apikeyFor(request, settings.anonKey);
  if (!token || !apikey) {
    return reject(401, 'Only a signed-in team member may send the deck', 'team-deck-unauthorised', {}, { outcome: 'forbidden' });
  }
  return deps.openTeamStore(settings.supabaseUrl, apikey, token);
}
