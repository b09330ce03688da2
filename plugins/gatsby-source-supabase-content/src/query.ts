// The published query: the active rows of one table (and filter), in order.
// One builder for the build's remote driver and the browser's refresh, so both ask PostgREST the
// same question. Browser-safe: postgrest-js is the query builder supabase-js itself wraps.
import type { PostgrestClient } from '@supabase/postgrest-js';
import { activeColumn, orderColumn, selectedColumns, type QueryFilter, type TableSpec } from './model';

export function publishedRequest(client: PostgrestClient, spec: TableSpec, filter: QueryFilter) {
  let query = client.from(spec.table).select(selectedColumns(spec).join(',')).eq(activeColumn(spec), true);
  for (const [column, value] of Object.entries(filter)) query = query.eq(column, value);
  return query.order(orderColumn(spec), { ascending: true });
}
