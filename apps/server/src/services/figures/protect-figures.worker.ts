/**
 * Protects the public figures in a thread of its own (decision 0022): the small-cell audit solves
 * linear programmes, a second or more on sparse years, and the server keeps answering meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RawFigures } from '@app/core/figures/public-figures';
import { protectFigures } from '@app/core/figures/public-figures-protection';

const { raw, threshold } = workerData as { raw: RawFigures; threshold: number };
parentPort?.postMessage(protectFigures(raw, threshold));
