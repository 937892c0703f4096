// @vitest-environment node
// Every style file of the web app (decision 0042): small enough to read (at most 400 lines), valid
// CSS (an unclosed brace once nested the rules after it without a word from the build), logical
// properties only (the same rules serve the right-to-left languages), custom properties defined in
// tokens.css alone, and each one reaches the browser: imported by a stylesheet that is, or by a module.
import fs from 'node:fs';
import path from 'node:path';
import postcss, { type Root } from 'postcss';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

/** Every .css file of apps/web that is source (not built, not installed). */
function styleFiles(): string[] {
  return fs
    .globSync('**/*.css', { cwd: WEB, exclude: (name) => ['node_modules', 'build', '.react-router'].includes(name) })
    .map((file) => path.join(WEB, file))
    .sort();
}

/** The stylesheet parsed; throws on a syntax error (an unclosed block, string or comment…). */
function parse(css: string, from: string): Root {
  return postcss.parse(css, { from });
}

// Physical sides and axes: each has a logical twin (margin-inline-start, inset-block-end,
// inline-size…). `transform-origin` has none and is written per direction where it matters
// (loading-bar.css); `overflow-x` and `resize: vertical` stay until every browser the site serves
// knows `overflow-inline` and `resize: block`.
const PHYSICAL_PROPERTY =
  /^(?:(?:margin|padding|scroll-margin|scroll-padding|border|overscroll-behavior)-(?:left|right|top|bottom)(?:-.*)?|border-(?:top|bottom)-(?:left|right)-radius|(?:left|right|top|bottom)|(?:min-|max-)?(?:width|height))$/;
const PHYSICAL_VALUE: Record<string, RegExp> = {
  float: /^(?:left|right)$/,
  clear: /^(?:left|right)$/,
  'text-align': /^(?:left|right)$/,
};

/** The declarations that name a physical side or axis, as `line: property: value`. */
function physicalDeclarations(root: Root): string[] {
  const found: string[] = [];
  root.walkDecls((decl) => {
    const property = decl.prop.toLowerCase();
    if (property.startsWith('--')) return;
    if (PHYSICAL_PROPERTY.test(property) || PHYSICAL_VALUE[property]?.test(decl.value.trim().toLowerCase()))
      found.push(`${decl.source?.start?.line}: ${decl.prop}: ${decl.value}`);
  });
  return found;
}

/** The files a stylesheet imports with @import, resolved. */
function cssImports(root: Root, file: string): string[] {
  const imports: string[] = [];
  root.walkAtRules('import', (rule) => {
    const target = /^["']([^"']+)["']/.exec(rule.params.trim())?.[1];
    if (target?.startsWith('.')) imports.push(path.resolve(path.dirname(file), target));
  });
  return imports;
}

/** The style files that modules import (`import './x.css'`, `import url from './x.css?url'`), resolved. */
function moduleImports(): string[] {
  const modules = fs
    .globSync('app/**/*.{ts,tsx}', { cwd: WEB, exclude: (name) => /\.test\.tsx?$/.test(name) })
    .map((file) => path.join(WEB, file));
  return modules.flatMap((module) =>
    [
      ...fs
        .readFileSync(module, 'utf8')
        .matchAll(/^import\s+(?:[\w$]+\s+from\s+)?['"](\.[^'"]+\.css)(?:\?[\w=&]*)?['"]/gm),
    ].map((match) => path.resolve(path.dirname(module), match[1] ?? '')),
  );
}

describe('the checks themselves', () => {
  it('find an unclosed block, a physical property and a physical value', () => {
    expect(() => parse('.a { color: red;\n.b { margin: 0; }', 'unclosed.css')).toThrow(/Unclosed block/);
    expect(() => parse('.a { content: "open; }', 'string.css')).toThrow(/Unclosed string/);
    const root = parse(
      '.a { margin-left: 1rem; inset-inline-start: 0; width: 2rem; }\n.b { text-align: right; float: inline-start; }',
      'physical.css',
    );
    expect(physicalDeclarations(root)).toEqual(['1: margin-left: 1rem', '1: width: 2rem', '2: text-align: right']);
  });
});

describe('every style file of the web app', () => {
  const files = styleFiles();
  const parsed = new Map(files.map((file) => [file, fs.readFileSync(file, 'utf8')]));

  it('includes the two stylesheets the pages link', () => {
    expect(files).toContain(path.join(WEB, 'app/styles/app.css'));
    expect(files).toContain(path.join(WEB, 'app/styles/staff.css'));
  });

  it.each(files.map((file) => [path.relative(WEB, file), file]))('%s is at most 400 lines', (_name, file) => {
    const lines = (parsed.get(file) ?? '').split('\n').length - 1;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each(files.map((file) => [path.relative(WEB, file), file]))(
    '%s parses, with logical properties only',
    (_name, file) => {
      const root = parse(parsed.get(file) ?? '', file);
      expect(physicalDeclarations(root)).toEqual([]);
    },
  );

  it('defines custom properties in tokens.css only', () => {
    const defined: string[] = [];
    for (const file of files.filter((name) => !name.endsWith(path.join('styles', 'tokens.css'))))
      parse(parsed.get(file) ?? '', file).walkDecls(/^--/, (decl) => {
        defined.push(`${path.relative(WEB, file)}:${decl.source?.start?.line}: ${decl.prop}`);
      });
    expect(defined).toEqual([]);
  });

  it('each file reaches the browser: imported by a module, or by a stylesheet that is', () => {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      const text = parsed.get(file);
      expect(text, `${path.relative(WEB, file)} is imported but does not exist`).toBeDefined();
      for (const imported of cssImports(parse(text ?? '', file), file)) visit(imported);
    };
    for (const file of moduleImports()) visit(file);
    expect(files.filter((file) => !reached.has(file)).map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
