// The privacy policy says what the site keeps (decision 0045): every column of a report, its
// incident, its reply notice, a contact message and the tables that point to them is named by an
// item of packages/core's list, and every item is marked in the same section of the policy in
// every language.
import fs from 'node:fs';
import path from 'node:path';
import {
  markedFieldIds,
  POLICY_EXEMPT_TABLES,
  POLICY_FIELD_IDS,
  POLICY_FIELDS,
  POLICY_TABLES,
} from '@app/core/site/policy-fields';
import { LANGUAGE_CODES } from '@app/locales/languages';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../drizzle.config.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const LOCALES_DIR = path.resolve(SERVER_DIR, '../../packages/locales');

/** Every table of the schema files drizzle generates migrations from. */
async function schemaTables(): Promise<Map<string, { columns: string[]; pointsTo: string[] }>> {
  const files = ([] as string[]).concat(drizzleConfig.schema ?? []);
  const tables = new Map<string, { columns: string[]; pointsTo: string[] }>();
  for (const file of files) {
    const module = (await import(path.resolve(SERVER_DIR, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      tables.set(config.name, {
        columns: config.columns.map((column) => column.name),
        pointsTo: config.foreignKeys.map((key) => getTableConfig(key.reference().foreignTable).name),
      });
    }
  }
  return tables;
}

/** The tables whose every column the list must name: the policy's own, and every table that points to one. */
function tablesInScope(tables: Map<string, { pointsTo: string[] }>): string[] {
  const roots = new Set<string>(POLICY_TABLES);
  return [...tables.keys()]
    .filter(
      (name) =>
        !(name in POLICY_EXEMPT_TABLES) &&
        (roots.has(name) || tables.get(name)?.pointsTo.some((target) => roots.has(target))),
    )
    .sort();
}

/** Which item names each column, `table.column` → ids. */
function columnOwners(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const field of POLICY_FIELDS) {
    for (const [table, columns] of Object.entries(field.columns ?? {})) {
      for (const column of columns)
        owners.set(`${table}.${column}`, [...(owners.get(`${table}.${column}`) ?? []), field.id]);
    }
  }
  return owners;
}

describe('the list of what the site keeps', () => {
  it('names every column of the report, incident, notice and message tables, once', async () => {
    const tables = await schemaTables();
    const owners = columnOwners();
    const unnamed: string[] = [];
    const twice: string[] = [];
    for (const table of tablesInScope(tables)) {
      for (const column of tables.get(table)?.columns ?? []) {
        const ids = owners.get(`${table}.${column}`) ?? [];
        if (ids.length === 0) unnamed.push(`${table}.${column}`);
        if (ids.length > 1) twice.push(`${table}.${column}: ${ids.join(', ')}`);
      }
    }
    // A column here is stored but not in packages/core/src/site/policy-fields.ts: add it to an item
    // (or a new item), and say in privacy.md, in five languages, what it is.
    expect(unnamed).toEqual([]);
    expect(twice).toEqual([]);
  });

  it('names only columns that exist, in tables the rule reaches', async () => {
    const tables = await schemaTables();
    const inScope = new Set(tablesInScope(tables));
    const wrong = [...columnOwners().keys()].filter((name) => {
      const [table = '', column = ''] = name.split('.');
      return !inScope.has(table) || !tables.get(table)?.columns.includes(column);
    });
    expect(wrong).toEqual([]);
  });

  it('gives each item its own id', () => {
    expect(new Set(POLICY_FIELD_IDS).size).toBe(POLICY_FIELD_IDS.length);
    for (const id of POLICY_FIELD_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/);
  });
});

/** A document's sections: its headings (`##`, `###`) in order, and the ids each section marks. */
function sections(markdown: string): { heading: string; level: number; ids: string[]; prose: string }[] {
  const result = [{ heading: '(before the first heading)', level: 0, ids: [] as string[], prose: '' }];
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3}) (.+)$/.exec(line);
    if (heading) {
      result.push({ heading: heading[2] ?? '', level: heading[1]?.length ?? 0, ids: [], prose: '' });
      continue;
    }
    const section = result[result.length - 1];
    if (!section) continue;
    const ids = markedFieldIds(line);
    if (ids.length > 0) section.ids.push(...ids);
    else section.prose += `${line.trim()} `;
  }
  return result;
}

const policy = (language: string) => fs.readFileSync(path.join(LOCALES_DIR, language, 'privacy.md'), 'utf8');

describe.each(LANGUAGE_CODES)('the privacy policy in %s', (language) => {
  const own = sections(policy(language));
  const english = sections(policy('en'));

  it('marks every item of the list, once, and nothing else', () => {
    const marked = own.flatMap((section) => section.ids);
    expect(POLICY_FIELD_IDS.filter((id) => !marked.includes(id))).toEqual([]);
    expect(marked.filter((id) => !POLICY_FIELD_IDS.includes(id))).toEqual([]);
    expect(marked.filter((id, index) => marked.indexOf(id) !== index)).toEqual([]);
  });

  it('has the English sections, in order, and explains each item in the same one', () => {
    expect(own.map((section) => section.level)).toEqual(english.map((section) => section.level));
    const where = (list: typeof own) =>
      Object.fromEntries(list.flatMap((section, index) => section.ids.map((id) => [id, index] as const)));
    expect(where(own)).toEqual(where(english));
  });

  it('says something in every section that marks an item', () => {
    const bare = own
      .filter((section) => section.ids.length > 0 && section.prose.replace(/\s+/g, ' ').trim().length < 120)
      .map((section) => section.heading);
    expect(bare).toEqual([]);
  });
});
