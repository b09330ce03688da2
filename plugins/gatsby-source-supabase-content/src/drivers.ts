import type { QueryFilter, TableSpec } from './model';
import type { RevisionSpec } from './revision';

/** Where rows come from. Both drivers answer the same published queries (a table's active rows, filtered, in order). */
export interface Driver {
  /** Names the source in messages: the backend URL, or the embedded database. */
  readonly label: string;
  /** The raw rows of one query; checking them is the caller's job. */
  read(spec: TableSpec, filter: QueryFilter): Promise<unknown>;
  /** The raw answer of the revision function; checking it is the caller's job. */
  revision(spec: RevisionSpec): Promise<unknown>;
  /** The raw answer of the picture sources' function (`public.<name>()`, as anon); checking it is the caller's job. */
  pictureSources(name: string): Promise<unknown>;
  close(): Promise<void>;
}
