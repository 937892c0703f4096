// /etc/community-safety/site.env, the Debian package's settings file, made from .env.example:
// every setting, each with its comment, commented out, but for the two the package sets itself.
import fs from 'node:fs';
import path from 'node:path';

export const PACKAGE_DATA_DIR = '/var/lib/community-safety';

/** The settings the package sets, different from the site's defaults. */
const PACKAGE_SETTINGS: Record<string, { value: string; why: string }> = {
  DATA_DIR: {
    value: PACKAGE_DATA_DIR,
    why: 'The package keeps the data here; the service may write nowhere else (ReadWritePaths). To move it, change both.',
  },
  TRUST_PROXY: {
    value: 'loopback',
    why: 'The site listens on this machine only, behind nginx, Caddy or tor on this machine.',
  },
};

const HEADER = `# The settings of the community safety website: the Debian package community-safety's
# /etc/community-safety/site.env. The service reads it (systemd EnvironmentFile), and so does the
# community-safety command. Every setting is below, commented out with its default or an example:
# set what you need, then \`systemctl restart community-safety\` and \`community-safety doctor\`.
# A wrong value stops the site with a message that names it (journalctl -u community-safety).
#
# Format: one KEY=value per line, no quotes (also for values with spaces), comments on lines of
# their own, no # $ quotes or backslashes inside values; in SMTP_URL and DATABASE_URL, write
# special characters of passwords as %-codes (@ is %40). It holds secrets: root and the site's
# group only may read it (0640). The guide: /usr/share/doc/community-safety/deployment.md.gz.
`;

/** Every `KEY=` of a settings file, set or commented out. */
export function settingNames(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? '');
}

export function siteEnv(repo: string): string {
  const example = fs.readFileSync(path.join(repo, '.env.example'), 'utf8');
  const body = example
    .split('\n')
    // .env.example's own introduction speaks of .env and npm start.
    .slice(example.split('\n').findIndex((line) => line.trim() === '') + 1)
    .map((line) => {
      const match = /^([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
      if (!match?.[1]) return line;
      const own = PACKAGE_SETTINGS[match[1]];
      return own ? `# ${own.why}\n${match[1]}=${own.value}` : `# ${line}`;
    })
    .join('\n');
  return `${HEADER}\n${body.trimEnd()}\n`;
}
