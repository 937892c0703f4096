// npm run package: dist/community-safety_<version>_amd64.deb, built with dpkg-deb from the built
// site, its production dependencies, the pinned Node and the files of packaging/ (decision 0038).
//
//   node scripts/package/build-deb.ts [--out FOLDER] [--compression xz|gzip|fast]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { debianChangelog, MAINTAINER } from './debian-changelog.ts';
import { copyProductionPackages } from './prune.ts';
import { siteEnv } from './site-env.ts';
import { installedKib, md5sums, normaliseModes, trimNodeModules } from './tree.ts';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const APP_DIR = 'usr/lib/community-safety';
const PACKAGING = path.join(REPO, 'packaging');

/** What of the project the site runs: the server's sources, the built web app, the shared packages. */
const SITE_FILES = [
  'package.json',
  'apps/server/package.json',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/web/package.json',
  'apps/web/app/paths.ts',
  'apps/web/build',
  'packages/core/package.json',
  'packages/core/src',
  'packages/locales/package.json',
  'packages/locales/src',
  'packages/locales/en',
  'packages/locales/fr',
  'packages/locales/nl',
  'packages/locales/he',
  'packages/locales/yi',
];

const WORKSPACES = ['apps/server', 'apps/web', 'packages/core', 'packages/locales'];

/** Left out of the copy: tests, their helpers, and the benchmarks. */
const isLeftOut = (file: string) =>
  /\.test\.tsx?$/.test(file) || /\/src\/test\//.test(file) || file.endsWith('.d.ts.map');

const run = (command: string, args: string[], options: Parameters<typeof execFileSync>[2] = {}) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });

function copy(from: string, to: string) {
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => !isLeftOut(source.slice(REPO.length)),
  });
}

function write(root: string, file: string, content: string | Buffer, mode = 0o644) {
  const target = path.join(root, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  fs.chmodSync(target, mode);
}

const packageJson = () =>
  JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    version: string;
    devDependencies: Record<string, string>;
  };

/** The pinned Node of devDependencies (`node`, such as ^24.21.0), as npm ci installed it. */
function pinnedNode(): string {
  const binary = path.join(REPO, 'node_modules/node/bin/node');
  const wanted = (packageJson().devDependencies.node ?? '').replace(/^[\^~]/, '');
  const version = fs.existsSync(binary) ? run(binary, ['--version']).toString().trim().replace(/^v/, '') : 'none';
  if (version.split('.')[0] !== wanted.split('.')[0]) {
    throw new Error(`node_modules/node is Node ${version}, package.json pins ${wanted}: run npm ci`);
  }
  return binary;
}

/** xz for a release; fast (gzip -1) for the test that unpacks it at once: seconds, not minutes. */
export type Compression = 'xz' | 'gzip' | 'fast';
const COMPRESSION_ARGS: Record<Compression, string[]> = { xz: ['-Zxz'], gzip: ['-Zgzip'], fast: ['-Zgzip', '-z1'] };

export type BuiltPackage = { file: string; version: string; installedKib: number; seconds: number };

export function buildPackage({
  out = path.join(REPO, 'dist'),
  compression = 'xz',
}: {
  out?: string;
  compression?: Compression;
} = {}): BuiltPackage {
  const started = Date.now();
  const { version } = packageJson();
  if (!fs.existsSync(path.join(REPO, 'apps/web/build/server/index.js'))) {
    throw new Error('The web app is not built: npm run build (npm run package does it first).');
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-package-'));
  let mark = Date.now();
  const phase = (name: string) => {
    if (process.env.PACKAGE_TIMINGS) console.error(`  ${name}: ${((Date.now() - mark) / 1000).toFixed(1)} s`);
    mark = Date.now();
  };
  const root = path.join(staging, 'root');
  const app = path.join(root, APP_DIR);
  try {
    for (const file of SITE_FILES) copy(path.join(REPO, file), path.join(app, file));
    phase('copy');
    copyProductionPackages(REPO, app, WORKSPACES);
    for (const folder of ['.', ...WORKSPACES]) {
      const nodeModules = path.join(app, folder, 'node_modules');
      if (fs.existsSync(nodeModules)) trimNodeModules(nodeModules);
    }
    phase('prune and trim');
    fs.mkdirSync(path.join(app, 'node/bin'), { recursive: true });
    fs.copyFileSync(pinnedNode(), path.join(app, 'node/bin/node'));
    fs.chmodSync(path.join(app, 'node/bin/node'), 0o755);
    execFileSync('strip', ['--strip-unneeded', path.join(app, 'node/bin/node')]);

    phase('node');
    write(root, 'usr/bin/community-safety', fs.readFileSync(path.join(PACKAGING, 'community-safety')), 0o755);
    for (const unit of [
      'community-safety.service',
      'community-safety-backup.service',
      'community-safety-backup.timer',
    ]) {
      write(root, `lib/systemd/system/${unit}`, fs.readFileSync(path.join(PACKAGING, unit)));
    }
    write(root, 'etc/community-safety/site.env', siteEnv(REPO), 0o640);
    const doc = 'usr/share/doc/community-safety';
    write(root, `${doc}/copyright`, fs.readFileSync(path.join(PACKAGING, 'copyright')));
    const changelog = fs.readFileSync(path.join(REPO, 'CHANGELOG.md'), 'utf8');
    write(root, `${doc}/changelog.gz`, gzipSync(debianChangelog(changelog), { level: 9 }));
    write(root, `${doc}/CHANGELOG.md.gz`, gzipSync(changelog, { level: 9 }));
    write(
      root,
      `${doc}/deployment.md.gz`,
      gzipSync(fs.readFileSync(path.join(REPO, 'docs/deployment.md')), { level: 9 }),
    );
    for (const example of ['nginx/http.conf', 'nginx/https.conf', 'nginx/onion.conf', 'caddy/Caddyfile', 'tor/torrc']) {
      write(root, `${doc}/examples/${example}`, fs.readFileSync(path.join(REPO, 'deploy', example)));
    }
    write(
      root,
      'usr/share/lintian/overrides/community-safety',
      fs.readFileSync(path.join(PACKAGING, 'lintian-overrides')),
    );
    write(
      root,
      'usr/share/man/man1/community-safety.1.gz',
      gzipSync(fs.readFileSync(path.join(PACKAGING, 'community-safety.1')), { level: 9 }),
    );
    normaliseModes(root);
    fs.chmodSync(path.join(root, 'etc/community-safety/site.env'), 0o640);

    const size = installedKib(root);
    write(
      root,
      'DEBIAN/control',
      [
        'Package: community-safety',
        `Version: ${version}`,
        'Architecture: amd64',
        `Maintainer: ${MAINTAINER}`,
        `Installed-Size: ${size}`,
        'Depends: adduser, libc6 (>= 2.28), libgcc-s1, libstdc++6',
        'Suggests: nginx | caddy, tor',
        'Section: web',
        'Priority: optional',
        'Description: reporting website of a community-safety organisation',
        ' The website of a volunteer organisation that records incidents: reports (also',
        ' anonymous ones) in five languages, their follow-up, the staff area and the',
        ' public figures. Everything it runs on comes with it: Node.js and PostgreSQL',
        ' (embedded, or an external server). It runs as the service community-safety,',
        ' behind nginx or Caddy, and optionally as a tor onion service; the command',
        ' community-safety doctor checks the installation.',
        '',
      ].join('\n'),
    );
    write(root, 'DEBIAN/conffiles', '/etc/community-safety/site.env\n');
    write(root, 'DEBIAN/md5sums', md5sums(root));
    for (const script of ['preinst', 'postinst', 'prerm', 'postrm']) {
      write(root, `DEBIAN/${script}`, fs.readFileSync(path.join(PACKAGING, 'maintainer', script)), 0o755);
    }

    phase('metadata');
    fs.mkdirSync(out, { recursive: true });
    const file = path.join(out, `community-safety_${version}_amd64.deb`);
    run('dpkg-deb', ['--root-owner-group', ...COMPRESSION_ARGS[compression], '--build', root, file], {
      env: { ...process.env, SOURCE_DATE_EPOCH: String(Math.floor(Date.now() / 1000)) },
    });
    phase('dpkg-deb');
    return { file, version, installedKib: size, seconds: (Date.now() - started) / 1000 };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, compression: { type: 'string' } } });
  const compression = (values.compression ?? 'xz') as Compression;
  if (!(compression in COMPRESSION_ARGS)) throw new Error('--compression: xz, gzip or fast');
  const built = buildPackage({ out: values.out ? path.resolve(values.out) : undefined, compression });
  const bytes = fs.statSync(built.file).size;
  console.log(
    `${path.relative(process.cwd(), built.file)}: ${(bytes / 1024 / 1024).toFixed(1)} MB (${(built.installedKib / 1024).toFixed(0)} MB installed), built in ${built.seconds.toFixed(0)} s`,
  );
}
