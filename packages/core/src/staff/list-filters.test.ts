import { describe, expect, it } from 'vitest';
import { AUDIT_FILTERS, filterQuery, MESSAGE_FILTERS, readFilters } from './list-filters.ts';
import { reportFilterFromUrl } from './report-filters.ts';

describe('readFilters', () => {
  it('reads the report list as its page and its CSV export always did, ignoring what it does not know', () => {
    const url = new URL(
      'https://example.org/internal/reports?status=verified&type=spam&from=2026-02-30&to=2026-03-01&anonymous=maybe&attachments=no&quarantined=on&spamCheck=form-token&sort=upside-down&page=-3',
    );
    expect(reportFilterFromUrl(url)).toEqual({
      status: 'verified',
      type: undefined,
      from: undefined,
      to: '2026-03-01',
      anonymous: undefined,
      attachments: 'no',
      spamCheck: 'form-token',
      sort: 'received-desc',
      quarantined: false,
      page: 1,
    });
    expect(reportFilterFromUrl(new URL('https://example.org/?quarantined=yes&page=7'))).toMatchObject({
      quarantined: true,
      page: 7,
    });
  });

  it('falls back to the default of a choice, and keeps any value of a text filter', () => {
    expect(readFilters(MESSAGE_FILTERS, new URLSearchParams('status=deleted&spamCheck=proof-of-work'))).toEqual({
      status: 'new',
      spamCheck: 'proof-of-work',
      page: 1,
    });
    expect(readFilters(AUDIT_FILTERS, new URLSearchParams('action=sign-in.failed&actor=abc&actor=def'))).toEqual({
      action: 'sign-in.failed',
      actor: 'abc',
      from: undefined,
      to: undefined,
      page: 1,
    });
  });
});

describe('filterQuery', () => {
  it('writes only the filters that are set, then the page', () => {
    expect(filterQuery(AUDIT_FILTERS, { actor: 'abc', from: '2026-01-01' }, 2)).toBe(
      '?actor=abc&from=2026-01-01&page=2',
    );
    expect(filterQuery(MESSAGE_FILTERS, { status: 'archived' }, 1)).toBe('?status=archived&page=1');
  });
});
