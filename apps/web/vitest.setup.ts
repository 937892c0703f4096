import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what each test rendered (Testing Library does this by itself only with global test APIs).
afterEach(cleanup);
