import type { GatsbyNode } from 'gatsby';
import { ERROR_MAP } from './errors';

// onPluginInit runs in the main process and in every worker, so the messages exist wherever a
// failure can be reported.
export const onPluginInit: NonNullable<GatsbyNode['onPluginInit']> = ({ reporter }) => {
  reporter.setErrorMap(ERROR_MAP);
};
