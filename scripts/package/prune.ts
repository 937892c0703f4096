// Production dependencies only. `npm ci --omit=dev` would keep the development packages that a
// production package names as an optional peer ("devOptional" in the lock file: TypeScript, vite,
// jsdom, drizzle-kit…), and it reinstalls what npm ci already put in node_modules. Instead, the
// packages the site's own packages reach (dependencies, optionalDependencies, required peers) are
// copied from the project's node_modules, each to the same place, so that Node finds each one
// where it found it in the tests.
import fs from 'node:fs';
import path from 'node:path';

type Manifest = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

const manifest = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Manifest;

/** The folder Node finds `name` in from `folder`: its node_modules, then each parent's, up to `root`. */
function resolvePackage(root: string, folder: string, name: string): string | undefined {
  let current = folder;
  for (;;) {
    const candidate = path.join(current, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (current === root) return undefined;
    current = path.dirname(current);
  }
}

/**
 * Every installed package folder the workspaces reach, as a path under `root` (a workspace's own
 * link in node_modules/@app is left to the caller: it points back at the workspace).
 */
export function productionPackages(root: string, workspaces: readonly string[]): string[] {
  const reached = new Set<string>();
  const workspaceFolders = new Set(workspaces.map((workspace) => path.join(root, workspace)));
  const visit = (folder: string) => {
    const own = manifest(folder);
    const optionalPeers = new Set(
      Object.entries(own.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    );
    const names = [
      ...Object.keys(own.dependencies ?? {}),
      ...Object.keys(own.optionalDependencies ?? {}),
      ...Object.keys(own.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of names) {
      const found = resolvePackage(root, folder, name);
      if (!found || reached.has(found)) continue;
      const real = fs.realpathSync(found);
      if (workspaceFolders.has(real)) continue;
      reached.add(found);
      visit(found);
    }
  };
  for (const folder of workspaceFolders) visit(folder);
  return [...reached].map((folder) => path.relative(root, folder)).sort();
}

/** Copies the production packages of `from` into `to`, links kept as links, and the workspaces' links. */
export function copyProductionPackages(from: string, to: string, workspaces: readonly string[]): number {
  const packages = productionPackages(from, workspaces);
  for (const relative of packages) {
    // A nested package (a/node_modules/b) comes with its parent's copy: only its own files here.
    fs.cpSync(path.join(from, relative), path.join(to, relative), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) =>
        source === path.join(from, relative) ||
        !source.slice(path.join(from, relative).length).includes('/node_modules/'),
    });
  }
  for (const workspace of workspaces) {
    const name = (JSON.parse(fs.readFileSync(path.join(from, workspace, 'package.json'), 'utf8')) as { name: string })
      .name;
    const link = path.join(to, 'node_modules', name);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(path.relative(path.dirname(link), path.join(to, workspace)), link);
  }
  return packages.length;
}
