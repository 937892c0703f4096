import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { SCHEDULED_JOBS } from '../monitoring/jobs.ts';
import { type JobServices, siteJobs } from './site-jobs.ts';

describe('the site jobs', () => {
  it('are all watched by the alerts but the alerts job itself, which cannot send its own alert', () => {
    // The factories only keep the services for their runs: none is called here.
    const names = siteJobs({} as JobServices, createLogger('silent')).map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    const unwatched = names.filter((name) => !(SCHEDULED_JOBS as readonly string[]).includes(name));
    expect(unwatched).toEqual(['alerts']);
  });
});
