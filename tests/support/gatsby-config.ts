// gatsby-config.ts evaluated afresh in a chosen environment, as a build evaluates it, and the
// options it hands one plugin: the site's wiring tested without a build. A test file that uses it
// calls restoreBuildEnv after each test.
import type { GatsbyConfig, PluginRef } from 'gatsby';
import { BUILD_SETTINGS } from './build-settings';

const VARIABLES = ['NODE_ENV', ...BUILD_SETTINGS];
const saved = { ...process.env };

export function restoreBuildEnv(): void {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
}

/** gatsby-config.ts evaluated afresh in this environment (a production build unless it says otherwise). */
export async function configFor(env: Record<string, string>): Promise<GatsbyConfig> {
  // Set empty rather than deleted: gatsby-config.ts fills unset variables from a local
  // .env.production, which must not decide what the test sees.
  for (const name of VARIABLES) process.env[name] = '';
  Object.assign(process.env, { NODE_ENV: 'production' }, env);
  let config: GatsbyConfig | undefined;
  await jest.isolateModulesAsync(async () => {
    config = (await import('../../gatsby-config')).default;
  });
  return config as GatsbyConfig;
}

/** The options the config hands the plugin `resolve`, as that plugin's own type. */
export function pluginOptions<Options>(config: GatsbyConfig, resolve: string): Options {
  const plugin = (config.plugins ?? []).find(
    (entry): entry is Exclude<PluginRef, string> => typeof entry === 'object' && entry.resolve === resolve,
  );
  if (!plugin) throw new Error(`gatsby-config.ts does not use ${resolve}`);
  return plugin.options as Options;
}
