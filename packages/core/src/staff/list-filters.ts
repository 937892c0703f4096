import { MESSAGE_STATUSES } from '../casework/statuses.ts';
import { SPAM_CHECKS } from '../forms/plain-forms.ts';
import { dayFromQuery, pageFromQuery } from '../site/query-params.ts';
import { AUDIT_ACTIONS } from './staff.ts';

/**
 * A staff list's filters, described once: the loader reads them from the query string with
 * `readFilters` (anything unknown is ignored, not an error), the page draws its filter form from
 * the same description (apps/web `shared/staff/list`), and its links (pages, export) write the
 * filters back with `filterQuery`. The lists are GET forms, so all of it works without JavaScript.
 */
export type FilterField =
  /** One of `values`; without a `fallback` it may be absent ("any"). */
  | { readonly kind: 'choice'; readonly name: string; readonly values: readonly string[]; readonly fallback?: string }
  /** A real calendar day, YYYY-MM-DD. */
  | { readonly kind: 'day'; readonly name: string }
  /** A box that is ticked (`yes`) or not. */
  | { readonly kind: 'flag'; readonly name: string }
  /** Any value that is not empty (an id, checked by the operation that uses it). */
  | { readonly kind: 'text'; readonly name: string };

type ValueOf<Field> = Field extends { kind: 'flag' }
  ? boolean
  : Field extends { kind: 'choice'; values: readonly (infer Value)[]; fallback: string }
    ? Value
    : Field extends { kind: 'choice'; values: readonly (infer Value)[] }
      ? Value | undefined
      : string | undefined;

export type FilterValues<Schema extends readonly FilterField[]> = {
  [Field in Schema[number] as Field['name']]: ValueOf<Field>;
};

function readField(field: FilterField, params: URLSearchParams): string | boolean | undefined {
  const value = params.get(field.name) ?? '';
  switch (field.kind) {
    case 'choice':
      return field.values.find((candidate) => candidate === value) ?? field.fallback;
    case 'day':
      return dayFromQuery(value);
    case 'flag':
      return value === 'yes';
    case 'text':
      return value || undefined;
  }
}

/** The filters and the page number of a query string. */
export function readFilters<const Schema extends readonly FilterField[]>(
  schema: Schema,
  params: URLSearchParams,
): FilterValues<Schema> & { page: number } {
  const values: Record<string, unknown> = {};
  for (const field of schema) values[field.name] = readField(field, params);
  return { ...(values as FilterValues<Schema>), page: pageFromQuery(params.get('page')) };
}

/** `?…&page=N`: the filters that are set, in the schema's order, then the page. */
export function filterQuery<const Schema extends readonly FilterField[]>(
  schema: Schema,
  values: Partial<FilterValues<Schema>>,
  page: number,
): string {
  const params = new URLSearchParams();
  for (const { name } of schema) {
    const value = (values as Record<string, unknown>)[name];
    if (value === true) params.set(name, 'yes');
    else if (typeof value === 'string' && value !== '') params.set(name, value);
  }
  params.set('page', String(page));
  return `?${params}`;
}

/** The contact messages: one tab per status (new by default), and how each was checked for spam. */
export const MESSAGE_FILTERS = [
  { kind: 'choice', name: 'status', values: MESSAGE_STATUSES, fallback: 'new' },
  // Only the messages sent with, or without, the automatic check (JavaScript off, decision 0021).
  { kind: 'choice', name: 'spamCheck', values: SPAM_CHECKS },
] as const satisfies readonly FilterField[];

/** The audit log: by action, by the member who acted, between two days. */
export const AUDIT_FILTERS = [
  { kind: 'choice', name: 'action', values: AUDIT_ACTIONS },
  { kind: 'text', name: 'actor' },
  { kind: 'day', name: 'from' },
  { kind: 'day', name: 'to' },
] as const satisfies readonly FilterField[];
