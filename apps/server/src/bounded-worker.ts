import { type ResourceLimits, Worker } from 'node:worker_threads';

/** Why a worker gave no answer: out of time, out of memory, an error thrown inside it, or it exited. */
export type WorkerStopReason = 'timeout' | 'out-of-memory' | 'failed' | 'exited';

export class WorkerStopped extends Error {
  readonly reason: WorkerStopReason;
  constructor(reason: WorkerStopReason, options?: ErrorOptions) {
    super(`the worker stopped: ${reason}`, options);
    this.name = 'WorkerStopped';
    this.reason = reason;
  }
}

type BoundedWorkerOptions = {
  workerData: unknown;
  resourceLimits: ResourceLimits;
  /** Past this the worker is terminated and the promise fails with `timeout`. */
  timeLimitMs: number;
  /** Keep the worker's own output out of the site's (a library that prints warnings). */
  quiet?: boolean;
};

/**
 * Runs a worker thread that posts one answer, with bounded memory and time: the promise settles once,
 * with the first message, or with `WorkerStopped` and its reason; the worker is terminated either way.
 * Expensive work on what a stranger sent (a PDF) or on every published count (the small-cell audit)
 * runs here, so that it can neither hold the requests up nor take the process down.
 */
export function runBoundedWorker<T>(url: URL, options: BoundedWorkerOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: options.workerData,
      resourceLimits: options.resourceLimits,
      stdout: options.quiet ?? false,
      stderr: options.quiet ?? false,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerStopped('timeout'))), options.timeLimitMs);
    worker.once('message', (answer: T) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          new WorkerStopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'failed', { cause: error }),
        ),
      ),
    );
    worker.once('exit', () => settle(() => reject(new WorkerStopped('exited'))));
  });
}
