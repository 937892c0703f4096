import { type SQL, sql } from 'drizzle-orm';

/**
 * Helpers for the CHECK constraints of the schema (decision 0016). The SQL is written out as text,
 * never as bound parameters: drizzle-kit copies it into the migration, where a parameter would
 * mean nothing.
 */

/** A string as an SQL literal: 'it''s'. */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `"column" in ('a', 'b')`. On a nullable column a null passes (a CHECK only refuses false). */
export function isOneOf(column: string, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error(`The closed set of ${column} is empty`);
  return sql.raw(`"${column}" in (${values.map(literal).join(', ')})`);
}

/** `"column" <@ array['a', 'b']::text[]`: every element of an array column is one of `values`. */
export function isSubsetOf(column: string, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error(`The closed set of ${column} is empty`);
  return sql.raw(`"${column}" <@ array[${values.map(literal).join(', ')}]::text[]`);
}

/** A check written out by hand, with its columns in double quotes. */
export const rule = (text: string): SQL => sql.raw(text);

/**
 * `"arrondissement" is null or ("province", "arrondissement") in (…)`: an arrondissement lies in
 * the province recorded beside it, never without one (decision 0047).
 */
export function arrondissementInProvince(pairs: Readonly<Record<string, string>>): SQL {
  const rows = Object.entries(pairs).map(
    ([arrondissement, province]) => `(${literal(province)}, ${literal(arrondissement)})`,
  );
  // "province" is not null first: a row comparison with a null is null, which a CHECK lets pass.
  return sql.raw(
    `"arrondissement" is null or ("province" is not null and ("province", "arrondissement") in (${rows.join(', ')}))`,
  );
}
