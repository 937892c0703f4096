import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/staff-schema.ts',
    './src/db/casework-schema.ts',
    './src/db/reminders-schema.ts',
    './src/db/operator-schema.ts',
    './src/db/retention-schema.ts',
    './src/db/reply-notice-schema.ts',
    './src/db/incident-link-schema.ts',
    './src/db/reporter-control-schema.ts',
    './src/db/referrals-schema.ts',
    './src/db/early-warning-schema.ts',
    './src/db/support-schema.ts',
    './src/db/search-schema.ts',
  ],
  out: './drizzle',
});
