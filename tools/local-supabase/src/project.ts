// What the backend serves unless told otherwise: this repository's Supabase project.
import path from 'node:path';
import { schemaPaths } from '../../../supabase/paths';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** The project's bootstrap, migrations and seed (supabase/paths.ts), as absolute paths. */
export const PROJECT_SCHEMA = schemaPaths(path.join(REPO_ROOT, 'supabase'));

/** Where `supabase functions new` puts a project's edge functions, one folder each. */
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'supabase', 'functions');
