import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Server-rendered first view (readable without JavaScript), a client-side SPA after hydration.
  ssr: true,
} satisfies Config;
