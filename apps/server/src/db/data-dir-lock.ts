import fs from 'node:fs';
import path from 'node:path';

/** True when the process runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) S ...", the state letter after the closing parenthesis.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // No /proc (macOS): the signal test above is all we have.
  }
}

/** The data directory's embedded database belongs to another running app. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * One app at a time may run the embedded database of a data directory. The lock file holds the
 * pid of the app that owns it; a lock whose process is gone (the app was killed) is taken over.
 * Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'app.pid');
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (holder && holder !== process.pid && isProcessAlive(holder) && isNodeProcess(holder)) {
      throw new DataDirInUseError(
        `Another instance of the app (pid ${holder}) is already using ${dataDir}. Stop it first, or give this ` +
          'instance its own DATA_DIR (several instances can share one external database through DATABASE_URL).',
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid), { mode: 0o600 });
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function isNodeProcess(pid: number): boolean {
  try {
    return /node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    // No /proc (macOS): trust the pid.
    return true;
  }
}
