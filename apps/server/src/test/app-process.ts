import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach } from 'vitest';

export { freePort } from './free-port.ts';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export type AppProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs the real app (`node apps/server/src/main.ts`) as `npm start` does, with the given settings. */
export function spawnApp(env: Record<string, string>): AppProcess {
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the app prints its address; fails with the app's output if it exits or takes too long. */
export async function waitForStart(app: AppProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void app.exited.then(() => {
    hasExited = true;
  });
  while (!app.output().includes('Site running at')) {
    if (hasExited || Date.now() > deadline) throw new Error(`The app did not start:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * For a test file that starts apps: returns `spawnApp`, and stops every app it started after each
 * test, so that a failed assertion never leaves an app (and its database) running.
 */
export function useAppProcesses(): (env: Record<string, string>) => AppProcess {
  const started: AppProcess[] = [];
  afterEach(async () => {
    for (const app of started.splice(0)) {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        app.child.kill('SIGTERM');
        await app.exited;
      }
    }
  });
  return (env) => {
    const app = spawnApp(env);
    started.push(app);
    return app;
  };
}
