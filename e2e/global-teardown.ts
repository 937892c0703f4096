import fs from 'node:fs';
import path from 'node:path';
import { SEEDED } from '../apps/server/src/test/submission-helpers.ts';

/** Personal data the browser tests type or send, and what would betray an address or a session. */
const FORBIDDEN = [
  ...Object.values(SEEDED),
  'Rivka',
  'Abramowicz',
  'רבקה',
  'A man shouted antisemitic insults at my son',
  'Yes, the tram driver saw everything.',
  'Thank you. Did anyone see it happen?',
  '127.0.0.1',
  '::1',
  '::ffff:',
  '203.0.113.',
  'session_token',
  'follow-up=',
];

/**
 * After the whole browser suite: the server's logs (debug level) must hold none of the personal
 * data the tests sent, no client address and no session cookie (security target: logs redacted).
 */
export default function checkServerLogs() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const log = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8');
  if (log.trim().length === 0) throw new Error('The server wrote no log at all: the check would prove nothing');
  const found = FORBIDDEN.filter((value) => log.includes(value));
  if (found.length > 0) {
    throw new Error(`The server's logs contain what they must never hold: ${found.join(', ')}`);
  }
  console.log(`Server logs checked: ${log.split('\n').length} lines, no personal data, address or session token.`);
}
