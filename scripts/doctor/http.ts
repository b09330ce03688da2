// The Data API and the edge function asked, with the public key, questions that change nothing.
import { INQUIRY_FUNCTION } from '../../supabase/paths';
import type { Secrets } from './redact';
import { fail, ok, skip, type CheckResult } from './report';

interface Answer {
  status: number;
  body: string;
}

async function attempt(url: string, init: RequestInit): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const failed = error as Error & { cause?: { code?: string } };
    return { status: 0, body: failed.cause?.code ?? failed.message };
  }
}

export async function checkHttp(siteUrl: string | undefined, anonKey: string | undefined, secrets: Secrets): Promise<CheckResult[]> {
  const needs = 'set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (the site build settings) to check';
  if (!siteUrl || !anonKey) return [skip('Data API', 'not checked', needs), skip('edge function', 'not checked', needs)];
  const base = siteUrl.replace(/\/+$/, '');
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const results: CheckResult[] = [];
  // The site's own refresh read of the timeline, a few rows.
  const read = await attempt(`${base}/rest/v1/timeline?select=id&is_active=eq.true&order=order_index.asc`, { headers });
  results.push(
    read.status === 200
      ? ok('Data API', 'answers a visitor read as anon')
      : fail(
          'Data API',
          `a visitor read got ${read.status || read.body}`,
          'check GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (Project Settings → API)',
        ),
  );
  // A sweep call with the public key: a configured function refuses it (401) before touching anything.
  const probe = await attempt(`${base}/functions/v1/${INQUIRY_FUNCTION}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{"sweep":true}',
  });
  if (probe.status === 401) results.push(ok('edge function', `${INQUIRY_FUNCTION} is deployed and configured`));
  else if (probe.status === 500)
    results.push(
      fail(
        'edge function',
        `${INQUIRY_FUNCTION}: ${secrets.cut(probe.body, 200)}`,
        'supabase secrets set … (docs/backend.md, "Deploy it")',
      ),
    );
  else if (probe.status === 404)
    results.push(fail('edge function', `${INQUIRY_FUNCTION} is not deployed`, `supabase functions deploy ${INQUIRY_FUNCTION}`));
  else
    results.push(
      fail('edge function', `${INQUIRY_FUNCTION} answered ${probe.status || probe.body}`, 'see the function logs in the dashboard'),
    );
  return results;
}
