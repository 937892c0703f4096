import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The staff operations and the services fail one way (docs/decisions/0034-one-error-model.md):
 * they throw an AppError with a code of the catalogue, and return their value plainly. This reads
 * their source, so that a new file cannot bring back a thrown or returned Response, a result to
 * check (`{ ok: false, code }`), or a helper that builds the failure somewhere else.
 */

const SRC = path.resolve(import.meta.dirname, '..');

function sourcesIn(folder: string): { file: string; code: string }[] {
  const found: { file: string; code: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        found.push({ file: path.relative(SRC, full), code: withoutComments(fs.readFileSync(full, 'utf8')) });
      }
    }
  };
  walk(path.join(SRC, folder));
  return found;
}

/** The code without its comments (which may well speak of a Response). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Every line of the files that matches, as `file: line`. */
function offending(files: { file: string; code: string }[], pattern: RegExp): string[] {
  return files.flatMap(({ file, code }) =>
    code
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

const operations = sourcesIn('operations');
const services = sourcesIn('services');

describe('the operations and the services fail one way', () => {
  it('finds the files it reads', () => {
    expect(operations.map(({ file }) => file)).toContain(path.join('operations', 'operation-context.ts'));
    expect(operations.length).toBeGreaterThan(40);
    expect(services.length).toBeGreaterThan(20);
  });

  it('never build, throw or return a Response', () => {
    expect(offending([...operations, ...services], /\bResponse\b/)).toEqual([]);
  });

  it('never answer with a result to check', () => {
    expect(offending([...operations, ...services], /\bok: (false|true)\b|\brefusal\b/)).toEqual([]);
  });

  it('throw an AppError (a failure), an Error (a fault) or what they caught, nothing else', () => {
    // `throw forbidden()`, `throw notFound()`, `throw data(…)`, `throw new Response(…)` all fail here.
    const allowed = /\bthrow (new AppError\(|new Error\(|error;)/;
    const throws = offending(operations, /\bthrow\b/).filter((line) => !allowed.test(line));
    expect(throws).toEqual([]);
  });

  it('cast no schema message to a code: a failed parse goes through parsedOrThrow or schemaFailure', () => {
    expect(offending([...operations, ...services], /\.issues\b|firstCode/)).toEqual([]);
  });
});
