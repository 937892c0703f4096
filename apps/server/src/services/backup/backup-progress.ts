/**
 * How far a backup, a verification or a restore has come. The work updates the numbers as it goes;
 * the command line shows them (on a terminal only), the tests read them at the end.
 */
export type Progress = {
  /** "Backing up", "Checking", "Restoring". */
  phase: string;
  startedAt: number;
  /** Archive bytes written (backup) or read (verification, restore). */
  bytes: number;
  /** The archive's size when it is read, so "of …" can be shown. */
  bytesTotal?: number;
  tables: number;
  tablesTotal?: number;
  rows: number;
  rowsTotal?: number;
  files: number;
  filesTotal?: number;
  /** Units of work done and expected (estimated bytes), for the time left. */
  done: number;
  total: number;
};

export function newProgress(phase: string, now = Date.now()): Progress {
  return { phase, startedAt: now, bytes: 0, tables: 0, rows: 0, files: 0, done: 0, total: 0 };
}

/** A new phase of the same command: counts start again, the clock too. */
export function startPhase(progress: Progress, phase: string, now = Date.now()) {
  Object.assign(progress, newProgress(phase, now), { bytesTotal: progress.bytesTotal });
}

const count = (value: number) => value.toLocaleString('en-GB');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

const ofTotal = (value: number, total: number | undefined) =>
  total === undefined ? count(value) : `${count(value)}/${count(total)}`;

/**
 * One line: "Backing up · 512 MB · tables 7/12 · rows 45,210/100,000 · files 120/3,000 ·
 * 1:02 elapsed · about 3:40 left". The time left is the time so far scaled by the work left; it
 * is shown once there is enough behind it (2 seconds and 1% of the work).
 */
export function formatProgress(progress: Progress, now = Date.now()): string {
  const elapsed = now - progress.startedAt;
  const parts = [progress.phase];
  if (progress.bytes > 0) {
    parts.push(
      progress.bytesTotal === undefined
        ? formatBytes(progress.bytes)
        : `${formatBytes(progress.bytes)} of ${formatBytes(progress.bytesTotal)}`,
    );
  }
  if (progress.tablesTotal !== undefined || progress.tables > 0) {
    parts.push(`tables ${ofTotal(progress.tables, progress.tablesTotal)}`);
  }
  if (progress.rowsTotal !== undefined || progress.rows > 0)
    parts.push(`rows ${ofTotal(progress.rows, progress.rowsTotal)}`);
  if (progress.filesTotal !== undefined || progress.files > 0) {
    parts.push(`files ${ofTotal(progress.files, progress.filesTotal)}`);
  }
  parts.push(`${formatDuration(elapsed)} elapsed`);
  const fraction = progress.total > 0 ? Math.min(progress.done / progress.total, 1) : 0;
  if (fraction >= 1) parts.push('finishing');
  else if (elapsed >= 2000 && fraction >= 0.01) {
    parts.push(`about ${formatDuration((elapsed * (1 - fraction)) / fraction)} left`);
  }
  return parts.join(' · ');
}

/**
 * Shows the progress on a terminal, rewriting one line twice a second; shows nothing when the
 * stream is not a terminal (a cron job's log gets the final summary line only). Returns `stop`,
 * which clears the line.
 */
export function showProgress(progress: Progress, stream: NodeJS.WriteStream = process.stderr): () => void {
  if (!stream.isTTY) return () => {};
  const draw = () => {
    const line = formatProgress(progress);
    const width = stream.columns ? stream.columns - 1 : line.length;
    stream.write(`\r\x1b[K${line.slice(0, width)}`);
  };
  draw();
  const timer = setInterval(draw, 500);
  timer.unref();
  return () => {
    clearInterval(timer);
    stream.write('\r\x1b[K');
  };
}
