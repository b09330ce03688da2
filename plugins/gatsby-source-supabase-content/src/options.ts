import type { GatsbyNode, PluginOptions } from 'gatsby';
import type { EmbeddedPaths } from './embedded-db';
import { ROW_ID_FIELD, ROW_POSITION_FIELD, fileField, type ColumnSpec, type TableSpec } from './model';
import { isPicturePrefix, type PictureSourcesSpec } from './picture-sources';
import { DEFAULT_PICTURE_LIMITS, type PictureLimits } from './pictures';
import type { RevisionSpec } from './revision';

export interface SupabaseContentOptions {
  /** The site's content model: which tables, columns and queries to publish. */
  tables: readonly TableSpec[];
  /** Project URL, e.g. https://abcd.supabase.co. With anonKey it selects the remote backend. */
  url?: string;
  /** The public anon key; RLS decides what it may read. */
  anonKey?: string;
  /** The embedded default, used when url and anonKey are both absent. */
  embedded?: EmbeddedPaths;
  /**
   * Limits of the downloads of `remoteImage` columns, each defaulting to DEFAULT_PICTURE_LIMITS, and
   * where they may come from (default: the project's public Storage).
   */
  remoteImages?: Partial<PictureLimits> & { sources?: PictureSourcesSpec };
  /** Fail the build, rather than build from `embedded`, when url and anonKey are unset. */
  requireBackend?: boolean;
  /** The site's own words for a build without a backend (its settings, what its demo content is). */
  wording?: Wording;
  /**
   * The database function returning the content's revision (`public.<function>`, stable, callable
   * by anon): read before the lists and published as the SupabaseContentRevision node.
   */
  revision?: RevisionSpec;
}

export interface Wording {
  /** Printed under the "NO BACKEND CONFIGURED" heading of the warning a build from `embedded` gives. */
  embeddedWarning?: string;
  /** The message of the failed build when `requireBackend` is on and no backend is configured. */
  backendRequired?: string;
}

export type PluginOptionsWithContent = PluginOptions & SupabaseContentOptions;

// Names end up in SQL (quoted), PostgREST URLs and GraphQL SDL: the GraphQL name rule fits all three.
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
// Fields every node has already: Gatsby's own and the plugin's.
const RESERVED_FIELDS = ['id', 'parent', 'children', 'internal', 'fields', ROW_ID_FIELD, ROW_POSITION_FIELD];

// Settings arrive from environment variables, where "unset" is often an empty string
// (`GATSBY_SUPABASE_URL=` in a copied .env): both count as absent.
export const pluginOptionsSchema: NonNullable<GatsbyNode['pluginOptionsSchema']> = ({ Joi }) =>
  Joi.object({
    tables: Joi.array()
      .items(
        Joi.object({
          table: Joi.string().pattern(NAME).required(),
          nodeType: Joi.string().pattern(NAME).required(),
          columns: Joi.array()
            .items(
              Joi.object({
                name: Joi.string()
                  .pattern(NAME)
                  .invalid(...RESERVED_FIELDS)
                  .required(),
                type: Joi.string().valid('String', 'Int').required(),
                required: Joi.boolean(),
                known: Joi.array().items(Joi.string()),
                remoteImage: Joi.boolean().when('type', {
                  not: 'String',
                  then: Joi.valid(false).messages({ 'any.only': '"remoteImage" needs a String column' }),
                }),
              }),
            )
            .min(1)
            .unique('name')
            .custom((columns: ColumnSpec[], helpers) => {
              // The file field sits beside the columns on the node, so it must not be one of them.
              const names = new Set(columns.map((column) => column.name));
              const clash = columns.find((column) => column.remoteImage && names.has(fileField(column)));
              return clash
                ? helpers.message({ custom: `"${fileField(clash)}" is both a column and the file field of "${clash.name}"` })
                : columns;
            })
            .required(),
          queries: Joi.array().items(Joi.object().pattern(NAME, Joi.string())).min(1).required(),
          idColumn: Joi.string().pattern(NAME),
          activeColumn: Joi.string().pattern(NAME),
          orderColumn: Joi.string().pattern(NAME),
        }),
      )
      .min(1)
      .unique('nodeType')
      .required()
      .description('The content model: tables, published columns and queries'),
    url: Joi.string()
      .trim()
      .empty('')
      .uri({ scheme: ['http', 'https'] })
      .messages({
        'string.uri': '"url" must be an http(s) URL such as https://<project>.supabase.co, got {:#value}',
        'string.uriCustomScheme': '"url" must be an http(s) URL such as https://<project>.supabase.co, got {:#value}',
      })
      .description('Supabase project URL (GATSBY_SUPABASE_URL)'),
    anonKey: Joi.string().trim().empty('').description('Supabase anon key (GATSBY_SUPABASE_ANON_KEY)'),
    embedded: Joi.object({
      bootstrap: Joi.string().required(),
      migrations: Joi.string().required(),
      seed: Joi.string(),
    }).description('SQL files of the embedded default database'),
    remoteImages: Joi.object({
      timeoutMs: Joi.number().integer().min(1).default(DEFAULT_PICTURE_LIMITS.timeoutMs),
      maxBytes: Joi.number().integer().min(1).default(DEFAULT_PICTURE_LIMITS.maxBytes),
      concurrency: Joi.number().integer().min(1).default(DEFAULT_PICTURE_LIMITS.concurrency),
      sources: Joi.object({
        prefixes: Joi.array().items(
          Joi.string()
            .custom((value: string, helpers) => (isPicturePrefix(value) ? value : helpers.error('any.invalid')))
            .messages({ 'any.invalid': '{:#label} must be an http(s) URL ending in "/", without a user, query or fragment' }),
        ),
        function: Joi.string().pattern(NAME),
      }).description('Where pictures may be downloaded from: URL prefixes, and a database function answering more'),
    }).description('Limits of the picture downloads of remoteImage columns, and where they may come from'),
    requireBackend: Joi.boolean().description(
      'Fail the build instead of building from the embedded default when url and anonKey are unset',
    ),
    wording: Joi.object({
      embeddedWarning: Joi.string(),
      backendRequired: Joi.string(),
    }).description("The site's words for the warning of a build from the embedded default and for the failure requireBackend gives"),
    revision: Joi.object({
      function: Joi.string().pattern(NAME).required(),
    }).description('The database function returning the revision of the content, read before the lists and published as a node'),
  })
    .and('url', 'anonKey')
    .or('url', 'embedded')
    .messages({
      'object.and':
        'set both "url" and "anonKey" (GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY) or neither; only {{#presentWithLabels}} is set',
    });

export function pictureLimits(options: SupabaseContentOptions): PictureLimits {
  const { sources: _sources, ...limits } = options.remoteImages ?? {};
  return { ...DEFAULT_PICTURE_LIMITS, ...limits };
}

/** The remote settings when both are given (empty strings count as absent), else undefined. */
export function remoteSettings(options: SupabaseContentOptions): { url: string; anonKey: string } | undefined {
  const url = options.url?.trim();
  const anonKey = options.anonKey?.trim();
  return url && anonKey ? { url, anonKey } : undefined;
}
