// Every source file of the repository is small enough to read (issue 29): at most 400 lines, as the
// stylesheets are (apps/web/app/styles/stylesheets.test.ts). A file that grows past it is split along
// its seams (sections into modules, a test into files by area), not granted an exception.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
const FOLDERS = ['apps', 'packages', 'scripts', 'e2e'];
const SOURCE = /\.(?:ts|tsx|js|mjs)$/;
/** Output and installed code, never written by hand. */
const GENERATED = /(?:^|\/)(?:node_modules|build|\.react-router|drizzle)\//;

/**
 * The files allowed past the limit, each with its reason. The database schema is the one place every
 * table is declared for drizzle-kit (the tables that have grown their own modules stand beside it).
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'apps/server/src/db/schema.ts': 'the tables drizzle-kit generates the migrations from',
};

/** The source files git tracks, and the new ones it does not ignore, as they are in the working tree. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...FOLDERS],
    {
      cwd: REPO,
      encoding: 'utf8',
    },
  );
  return [...new Set(listed.split('\0'))]
    .filter((file) => SOURCE.test(file) && !GENERATED.test(file) && fs.existsSync(path.join(REPO, file)))
    .sort();
}

const lineCount = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8').split('\n').length - 1;

describe('source files', () => {
  const files = sourceFiles();

  it('finds the sources of every part of the repository', () => {
    for (const known of ['apps/server/src/main.ts', 'apps/web/app/root.tsx', 'packages/core/src/errors/error-codes.ts'])
      expect(files).toContain(known);
    expect(files.some((file) => file.startsWith('e2e/'))).toBe(true);
    expect(files.some((file) => file.startsWith('scripts/'))).toBe(true);
  });

  it(`are at most ${MAX_LINES} lines each`, () => {
    const tooLong = files
      .filter((file) => !Object.hasOwn(EXCEPTIONS, file))
      .flatMap((file) => (lineCount(file) > MAX_LINES ? [`${file}: ${lineCount(file)} lines`] : []));
    expect(tooLong).toEqual([]);
  });

  it('grant no exception that is not needed', () => {
    for (const file of Object.keys(EXCEPTIONS)) expect(lineCount(file), file).toBeGreaterThan(MAX_LINES);
  });
});
