// What the privacy notice says about this build (src/content/privacy.ts): the team's address, and
// who processes a visitor's data as the build is configured: Supabase and Resend only with backend
// settings, the host where the build knows it, Turnstile and the analytics script only where set.
// SUPABASE_REGION (e.g. "Singapore") names where the project stores data; without it the notice
// says the project's region. Node only, read by gatsby-node.ts.
import { SITE } from '../content/site';
import type { PrivacySettings } from '../content/privacy';
import type { BuildEnv } from '../lib/environment';
import { siteEnv } from '../lib/environment';
import { inquiryEmail } from '../lib/submit-failure';
import { turnstileSiteKey } from '../lib/turnstile';
import { VERCEL_ANALYTICS_SRC, deploySettings, hostName } from './deploy-settings';

/** The analytics script as the notice names it: Vercel's by name, another by its host, a site path not at all (the site's own). */
function analyticsName(src: string): string | null {
  if (src === VERCEL_ANALYTICS_SRC) return 'Vercel Web Analytics';
  return src.startsWith('https://') ? new URL(src).host : null;
}

export function privacySettings(env: BuildEnv): PrivacySettings {
  const site = siteEnv();
  const backend = Boolean(site.supabaseUrl?.trim() && site.supabaseAnonKey?.trim());
  const host = hostName(env);
  const { analyticsSrc } = deploySettings(env);
  const processors: PrivacySettings['processors'] = [
    ...(backend ? [{ kind: 'supabase' as const, name: 'Supabase' }] : []),
    ...(backend ? [{ kind: 'resend' as const, name: 'Resend' }] : []),
    { kind: 'host' as const, name: host },
    ...(turnstileSiteKey() ? [{ kind: 'turnstile' as const, name: 'Cloudflare Turnstile' }] : []),
    ...(analyticsSrc ? [{ kind: 'analytics' as const, name: analyticsName(analyticsSrc) }] : []),
  ];
  return { contactEmail: inquiryEmail(), productName: SITE.productName, processors, region: env.SUPABASE_REGION?.trim() || null };
}
