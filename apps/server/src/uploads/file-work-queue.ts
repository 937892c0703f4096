/**
 * The one queue for expensive file work (decoding and re-encoding photos, rewriting PDFs): at most
 * `concurrency` jobs run at once on this instance, at most `maxWaiting` more wait their turn, and a
 * job past that is refused at once with `FileWorkQueueFull` (the caller answers 503 with
 * Retry-After). Security review 2026-11-26, finding 1: without it, a few clients posting small
 * files that decode to huge images could take every core and the memory of the site.
 *
 * A job here is one submission's files, processed one after the other: a report of five photos
 * takes one place, and a submission is never left half processed because its fourth file found the
 * queue full.
 */
export class FileWorkQueueFull extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('The file work queue is full');
    this.name = 'FileWorkQueueFull';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type FileWorkQueue = {
  /** Runs the job when a place is free; refuses at once when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now, and jobs started since the instance started (metrics, tests). */
  readonly running: number;
  readonly waiting: number;
  readonly started: number;
};

export type FileWorkQueueOptions = {
  /** Jobs at once: 1 or 2 per instance (sharp itself uses one thread per job). */
  concurrency: number;
  /** Jobs that may wait; more are refused. */
  maxWaiting: number;
  /** What a refused client is told to wait, in seconds. */
  retryAfterSeconds?: number;
  /** Told of each job started and each refused (the metrics). */
  onEvent?: (event: 'started' | 'refused') => void;
};

export function createFileWorkQueue({
  concurrency,
  maxWaiting,
  retryAfterSeconds = 15,
  onEvent,
}: FileWorkQueueOptions): FileWorkQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
  let running = 0;
  let started = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next)
      next(); // the place passes straight to the next job
    else running -= 1;
  };

  return {
    async run(job) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) {
          onEvent?.('refused');
          throw new FileWorkQueueFull(retryAfterSeconds);
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      started += 1;
      onEvent?.('started');
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    get started() {
      return started;
    },
  };
}
