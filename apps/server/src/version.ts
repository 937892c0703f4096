import fs from 'node:fs';
import path from 'node:path';

/**
 * The site's release, from the version in the project's package.json (CHANGELOG.md lists each);
 * the Debian package carries the same file. Shown by `--version`, doctor, the start-up log, and on
 * /api/health and /metrics to the monitoring's token only (decision 0036).
 */
export const SITE_VERSION: string = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** What `--version` prints: the release and the Node it runs on. */
export const versionLine = () => `community-safety ${SITE_VERSION} (Node.js ${process.versions.node})`;
