import { sql } from 'drizzle-orm';
import type { Encryption } from '../crypto/encryption.ts';
import type { Db } from '../db/database.ts';
import { hashMissingAddresses } from '../services/casework/incident-suggestions.ts';
import { indexMissingReports } from '../services/casework/search-index.ts';
import type { FollowUpService } from '../services/follow-up/follow-up.ts';
import type { AltchaService } from '../services/intake/altcha.ts';
import { SUBMISSION_KEY_HOURS } from '../services/intake/submit-report.ts';
import type { Job } from './job.ts';

/**
 * Housekeeping every ten minutes: forget used ALTCHA challenges, ended follow-up sessions,
 * rate-limit counters and submission keys once expired; and hash the online addresses of reports
 * that have none yet (decision 0043: those sent before suggested links, an archive restored), and
 * index for search the reports the index misses (decision 0055).
 */
export function maintenanceJob({
  db,
  altcha,
  followUp,
  encryption,
}: {
  db: Db;
  encryption: Pick<Encryption, 'openText' | 'deriveKey' | 'deriveFromDataKeys'>;
  altcha: Pick<AltchaService, 'deleteExpired'>;
  followUp: Pick<FollowUpService, 'deleteExpired'>;
}): Job {
  return {
    name: 'maintenance',
    schedule: { cron: '*/10 * * * *' },
    maxAttempts: 3,
    async run() {
      await altcha.deleteExpired();
      await followUp.deleteExpired();
      await db.execute(sql`delete from rate_limit where expire is not null and expire < ${Date.now()}`);
      // Submission keys answer a second try within a day (decision 0025); then they go, and the
      // receipt sealed under one with them.
      await db.execute(
        sql`delete from submission_key where created_at < now() - make_interval(hours => ${SUBMISSION_KEY_HOURS})`,
      );
      await hashMissingAddresses(db, encryption);
      // The search index of reports it misses, or holds under a retiring key (decision 0055).
      await indexMissingReports(db, encryption);
      return undefined;
    },
  };
}
