import type { Config } from '../config.ts';
import { type Finding, ok } from './finding.ts';

/**
 * The checks of the settings alone, without touching anything (issue 28, items 2 and 3): `main.ts`
 * refuses to start on `startRefusal` and logs the other findings as warnings; `doctor` shows them.
 */

/** An address only this machine reaches: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

const isOnion = (url: string) => new URL(url).hostname.endsWith('.onion');

/**
 * Why the site must not start with these settings, or undefined: in production, listening beyond
 * this machine without PUBLIC_URL gives links to http://localhost and refuses every form posted
 * from the real address (its Origin is compared with PUBLIC_URL's).
 */
export function startRefusal(config: Config): string | undefined {
  if (config.nodeEnv !== 'production' || config.publicUrlSet || isLoopbackHost(config.host)) return undefined;
  return (
    `PUBLIC_URL is not set, and HOST=${config.host} lets other machines reach the site: its links would say ` +
    `${config.publicUrl}, and forms posted from its real address would be refused. Set PUBLIC_URL to the ` +
    `address visitors use, such as https://report.example.org (or keep HOST=127.0.0.1 behind a proxy).`
  );
}

function publicUrlFindings(config: Config): Finding[] {
  if (config.nodeEnv !== 'production') {
    return [{ check: 'public-url', severity: 'info', message: `NODE_ENV=${config.nodeEnv}: not a production site.` }];
  }
  if (!config.publicUrlSet) {
    return [
      {
        check: 'public-url',
        severity: 'blocker',
        message: `PUBLIC_URL is not set: links in pages and e-mails say ${config.publicUrl}.`,
        fix: 'Set PUBLIC_URL to the https:// address visitors use, such as https://report.example.org.',
      },
    ];
  }
  if (config.publicUrl.startsWith('http://') && !isOnion(config.publicUrl)) {
    return [
      {
        check: 'public-url',
        severity: 'blocker',
        message: `PUBLIC_URL is ${config.publicUrl}: reports would cross the network unencrypted, and staff cookies are not marked Secure.`,
        fix: 'Serve the site over HTTPS (docs/deployment.md, section 3) and set PUBLIC_URL to its https:// address.',
      },
    ];
  }
  return [ok('public-url', `PUBLIC_URL is ${config.publicUrl}.`)];
}

function proxySettingFindings(config: Config): Finding[] {
  const findings: Finding[] = [];
  const everyone = /(^|[\s,])(0\.0\.0\.0\/0|::\/0)([\s,]|$)/.test(String(config.trustProxy));
  if (everyone) {
    findings.push({
      check: 'trust-proxy',
      severity: 'blocker',
      message: `TRUST_PROXY=${config.trustProxy} trusts every address: any visitor can pretend to be another and escape the limits.`,
      fix: 'Name only your proxies in TRUST_PROXY (loopback when the proxy runs on this machine).',
    });
  } else if (config.nodeEnv === 'production' && config.trustProxy === false && isLoopbackHost(config.host)) {
    findings.push({
      check: 'trust-proxy',
      severity: 'warning',
      message:
        'The site listens on this machine only (HOST) but TRUST_PROXY=false: behind a proxy on this machine every visitor seems to come from 127.0.0.1 and they share one count for every limit.',
      fix: 'Set TRUST_PROXY=loopback when nginx, Caddy or tor on this machine passes the visitors on.',
    });
  }
  return findings;
}

/** SMTP_URL and the lists are doctor/smtp.ts's (the site's outbox warns of them at start itself). */
function organisationFindings(config: Config): Finding[] {
  if (config.nodeEnv !== 'production' || !config.site.email.endsWith('@example.org')) return [];
  return [
    {
      check: 'org-email',
      severity: 'warning',
      message: `ORG_EMAIL is still the example address ${config.site.email}: the public is told to write there.`,
      fix: 'Set ORG_EMAIL to the address the public should write to.',
    },
  ];
}

/** Every finding about the settings themselves, in the order doctor shows them. */
export function settingsFindings(config: Config): Finding[] {
  return [...publicUrlFindings(config), ...proxySettingFindings(config), ...organisationFindings(config)];
}
