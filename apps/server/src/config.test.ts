import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/site');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('starts with no settings at all, on port 3000 with the embedded database in ./data', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/site/data',
      databaseUrl: undefined,
    });
  });

  it('gives the site Belgian emergency numbers, a neutral quick-exit page, a 24-month retention, k = 3 and CC BY 4.0 by default', () => {
    expect(loadConfig({}, '/srv/site').site).toEqual({
      organisationName: 'Community Safety Flanders',
      email: 'info@example.org',
      phone: undefined,
      address: undefined,
      emergencyNumber: '112',
      policeNumber: '101',
      quickExitUrl: 'https://www.google.com/',
      retentionMonths: 24,
      retentionPeriods: { rejected: 24, closed: 24, verified: undefined },
      smallCellThreshold: 3,
      openDataLicence: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    });
  });

  it('gives the small-cell rule 20 seconds unless told otherwise, and refuses no limit at all', () => {
    expect(loadConfig({}, '/srv/site').figures.timeLimitMs).toBe(20_000);
    expect(loadConfig({ FIGURES_TIME_LIMIT_SECONDS: '45' }, '/srv/site').figures.timeLimitMs).toBe(45_000);
    for (const value of ['0', '2.5', '601', 'never']) {
      expect(() => loadConfig({ FIGURES_TIME_LIMIT_SECONDS: value }, '/srv/site')).toThrow(
        /FIGURES_TIME_LIMIT_SECONDS/,
      );
    }
  });

  it('refuses a small-cell threshold below 3, which would protect nothing', () => {
    expect(() => loadConfig({ SMALL_CELL_THRESHOLD: '2' }, '/srv/site')).toThrow(/SMALL_CELL_THRESHOLD/);
    expect(loadConfig({ SMALL_CELL_THRESHOLD: '5' }, '/srv/site').site.smallCellThreshold).toBe(5);
  });

  it('promises an answer within 2 working days unless told otherwise, and refuses a promise it cannot keep', () => {
    expect(loadConfig({}, '/srv/site').responsePromiseWorkingDays).toBe(2);
    expect(loadConfig({ RESPONSE_PROMISE_WORKING_DAYS: '5' }, '/srv/site').responsePromiseWorkingDays).toBe(5);
    for (const value of ['0', '1.5', '31', 'two']) {
      expect(() => loadConfig({ RESPONSE_PROMISE_WORKING_DAYS: value }, '/srv/site')).toThrow(
        /RESPONSE_PROMISE_WORKING_DAYS: expected a whole number of working days between 1 and 30/,
      );
    }
  });

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/srv/site')).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('takes PORT, DATA_DIR, PUBLIC_URL (without its trailing slash) and DATABASE_URL', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/site',
        PUBLIC_URL: 'https://meld.example.be/',
        DATABASE_URL: 'postgres://app:secret@db.internal:5432/site',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/site',
      publicUrl: 'https://meld.example.be',
      databaseUrl: 'postgres://app:secret@db.internal:5432/site',
    });
  });

  it.each([
    ['PORT', 'abc', 'PORT: expected a port number between 1 and 65535 (got "abc")'],
    ['PORT', '70000', 'PORT: expected a port number between 1 and 65535 (got "70000")'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL: expected a PostgreSQL connection URL'],
    ['NODE_ENV', 'staging', 'NODE_ENV: expected one of production, development, test (got "staging")'],
    ['PUBLIC_URL', 'ftp://example.org', 'PUBLIC_URL: expected the public address of the site'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent'],
    ['ORG_EMAIL', 'not-an-address', 'ORG_EMAIL: expected the email address the public can write to'],
    ['EMERGENCY_NUMBER', 'call us', 'EMERGENCY_NUMBER: expected a telephone number such as 112'],
    ['QUICK_EXIT_URL', 'javascript:alert(1)', 'QUICK_EXIT_URL: expected the address of a neutral website'],
    ['REPORT_RETENTION_MONTHS', '0', 'REPORT_RETENTION_MONTHS: expected a whole number of months between 1 and 120'],
    [
      'SIGN_IN_ATTEMPTS_PER_IP',
      '3',
      'SIGN_IN_ATTEMPTS_PER_IP: expected a whole number of sign-in attempts per 15 minutes between 5 and 100000 (got "3")',
    ],
  ])('refuses %s=%s with a message that names the variable and what it expects', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('reports every wrong variable at once', () => {
    expect(problemsOf({ PORT: '0', NODE_ENV: 'x' }).map((problem) => problem.split(':')[0])).toEqual([
      'NODE_ENV',
      'PORT',
    ]);
  });

  it('keeps files on the local disk by default, and needs a bucket and keys for S3', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' }).map((problem) => problem.split(':')[0])).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
    const s3 = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'https://s3.fr-par.scw.cloud',
      S3_REGION: 'fr-par',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      bucket: 'files',
      region: 'fr-par',
      endpoint: 'https://s3.fr-par.scw.cloud',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });

  it('takes ONION_URL as an http(s) onion address of 56 letters, without a trailing slash, and nothing else', () => {
    const onion = 'vww6ybal4bd7szmgncyruucpgfkqahzddi37ktceo3ah7ngmcopnpyyd.onion';
    expect(loadConfig({ ONION_URL: `http://${onion}/` }, '/srv/site').onionUrl).toBe(`http://${onion}`);
    expect(loadConfig({}, '/srv/site').onionUrl).toBeUndefined();
    for (const wrong of ['http://example.org', `http://${onion}/path`, 'http://short.onion', `ftp://${onion}`]) {
      expect(problemsOf({ ONION_URL: wrong })[0], wrong).toMatch(
        /^ONION_URL: expected the address of the site as a tor onion service/,
      );
    }
  });
});
