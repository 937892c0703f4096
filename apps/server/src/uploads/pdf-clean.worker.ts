/**
 * Cleans one PDF in a thread of its own (see pdf-clean.ts): the server keeps answering meanwhile, and a
 * hostile file that needs too much memory or time ends this thread, not the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cleanPdf, type PDF_LIMITS, PdfRefused } from './pdf-clean.ts';

// pdf-lib warns on the console about each broken object it skips: nothing of a file reaches the logs.
console.warn = () => {};
console.log = () => {};

const { input, limits } = workerData as { input: Uint8Array; limits: typeof PDF_LIMITS };
try {
  const output = await cleanPdf(input, limits);
  parentPort?.postMessage({ output }, [output.buffer as ArrayBuffer]);
} catch (error) {
  if (!(error instanceof PdfRefused)) throw error;
  parentPort?.postMessage({ refused: error.code, message: error.message });
}
