import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { isLoopbackHost, settingsFindings, startRefusal } from './settings.ts';

const production = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env }, '/srv/site');
const findingOf = (env: Record<string, string>, check: string) =>
  settingsFindings(production(env)).find((finding) => finding.check === check);

describe('the settings at start and in doctor', () => {
  it('tells loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'report.example.org', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('refuses to start in production on a non-loopback HOST without PUBLIC_URL, and names the variable', () => {
    const refusal = startRefusal(production({ HOST: '0.0.0.0' }));
    expect(refusal).toContain('PUBLIC_URL is not set');
    expect(refusal).toContain('HOST=0.0.0.0');
    expect(refusal).toContain('http://localhost:3000');
    // Any of the three conditions missing: it starts.
    expect(startRefusal(production({ HOST: '0.0.0.0', PUBLIC_URL: 'https://report.example.org' }))).toBeUndefined();
    expect(startRefusal(production({ HOST: '127.0.0.1' }))).toBeUndefined();
    expect(startRefusal(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }, '/srv/site'))).toBeUndefined();
  });

  it('calls a missing or plain-http PUBLIC_URL a blocker in production, but not an onion address', () => {
    expect(findingOf({}, 'public-url')).toMatchObject({
      severity: 'blocker',
      message: expect.stringContaining('not set'),
    });
    expect(findingOf({ PUBLIC_URL: 'http://report.example.org' }, 'public-url')).toMatchObject({
      severity: 'blocker',
      fix: expect.stringContaining('https://'),
    });
    expect(findingOf({ PUBLIC_URL: 'https://report.example.org' }, 'public-url')?.severity).toBe('ok');
    expect(
      findingOf({ PUBLIC_URL: 'http://abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrstuv.onion' }, 'public-url')
        ?.severity,
    ).toBe('ok');
    expect(settingsFindings(loadConfig({ NODE_ENV: 'development' }, '/srv/site'))[0]?.severity).toBe('info');
  });

  it('warns of TRUST_PROXY=false on a loopback HOST, and blocks a TRUST_PROXY that trusts everyone', () => {
    expect(findingOf({ PUBLIC_URL: 'https://r.example.org' }, 'trust-proxy')).toMatchObject({
      severity: 'warning',
      fix: expect.stringContaining('TRUST_PROXY=loopback'),
    });
    expect(findingOf({ PUBLIC_URL: 'https://r.example.org', TRUST_PROXY: 'loopback' }, 'trust-proxy')).toBeUndefined();
    expect(findingOf({ TRUST_PROXY: '10.0.0.1, 0.0.0.0/0' }, 'trust-proxy')?.severity).toBe('blocker');
    expect(findingOf({ TRUST_PROXY: '::/0' }, 'trust-proxy')?.severity).toBe('blocker');
  });

  it('warns while ORG_EMAIL is the example address', () => {
    expect(findingOf({}, 'org-email')?.severity).toBe('warning');
    expect(findingOf({ ORG_EMAIL: 'info@safety.example.be' }, 'org-email')).toBeUndefined();
  });
});
