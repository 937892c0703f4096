// /usr/share/doc/community-safety/changelog.gz in Debian's format, one entry per release of
// CHANGELOG.md (whose entries travel whole as CHANGELOG.md.gz beside it).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export const MAINTAINER = 'Community Safety website maintainers <maintainers@community-safety.invalid>';

/** RFC 5322 date of a day at noon UTC, as dpkg's changelogs write it. */
function rfc5322(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} 12:00:00 +0000`;
}

export function debianChangelog(changelog: string): string {
  const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$/gm)];
  if (releases.length === 0) throw new Error('CHANGELOG.md has no release ("## 1.2.3 — 2026-01-31")');
  return releases
    .map(
      ([, version, day]) =>
        `community-safety (${version}) stable; urgency=medium\n\n` +
        `  * Release ${version}: see /usr/share/doc/community-safety/CHANGELOG.md.gz.\n\n` +
        ` -- ${MAINTAINER}  ${rfc5322(day ?? '')}\n`,
    )
    .join('\n');
}
