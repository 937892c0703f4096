import { describe, expect, it } from 'vitest';
import { formatSize } from './format.ts';

describe('formatSize', () => {
  it('never says 0 kB for a file that has bytes', () => {
    expect(formatSize(300, 'en')).toBe('1 kB');
    expect(formatSize(1536, 'en')).toBe('2 kB');
    expect(formatSize(900 * 1024, 'en')).toBe('900 kB');
  });

  it('gives megabytes with one decimal, in the reader’s number format', () => {
    expect(formatSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatSize(2.5 * 1024 * 1024, 'fr')).toBe('2,5 MB');
  });
});
