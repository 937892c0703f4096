import { z } from 'zod';

// In a browser, zod would probe `new Function` when a schema is built, to see whether it may
// compile its checks. The site's Content-Security-Policy has no 'unsafe-eval', so the probe is
// reported as a violation (the form pages lost Lighthouse's best-practices point for it). The
// schemas import `z` from here, so this runs before any of them is built. The server keeps the
// compiled checks.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
