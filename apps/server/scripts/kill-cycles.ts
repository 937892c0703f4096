// npm run kill-cycles [-- N]: the durability test's kill -9 loop, N times (default 100), with a report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runKillCycles } from '../src/test/kill-cycles.ts';

const cycles = Number(process.argv[2] ?? 100);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-kill-'));
const started = Date.now();
try {
  const result = await runKillCycles(dataDir, cycles, undefined, (cycle) => {
    if ((cycle + 1) % 10 === 0) console.log(`  ${cycle + 1} of ${cycles} cycles`);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `kill -9 after each acknowledged report: ${result.acknowledged.length} acknowledged, ${result.stored.length} stored, ${result.lost.length} lost (${seconds} s)`,
  );
  process.exitCode = result.lost.length === 0 && result.acknowledged.length === cycles ? 0 : 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
