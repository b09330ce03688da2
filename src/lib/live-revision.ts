// The revision the deployed site was built from: each build writes it into the page data of `/`
// (the landing page's supabaseContentRevision query), served from the same origin as the preview.
import { revisionOf } from 'gatsby-source-supabase-content/browser';

export const LIVE_PAGE_DATA_PATH = '/page-data/index/page-data.json';

/** The live site's revision, or null when its page data holds none (a build without a backend). */
export async function readLiveRevision(): Promise<string | null> {
  // no-cache: asked of the host every time (the browser's copy is the build it loaded, not the one
  // now live), yet an unchanged file costs a 304 where the host answers conditional requests.
  const response = await fetch(LIVE_PAGE_DATA_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${LIVE_PAGE_DATA_PATH}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: { data?: { supabaseContentRevision?: { revision?: unknown } | null } } };
  return revisionOf(body.result?.data?.supabaseContentRevision?.revision);
}
