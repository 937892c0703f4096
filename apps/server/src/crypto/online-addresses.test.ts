import { describe, expect, it } from 'vitest';
import { createEncryption } from './encryption.ts';
import { normaliseOnlineAddress, onlineAddressHashes } from './online-addresses.ts';

/** The normal form online addresses are compared in, and their keyed hashes (decision 0043). */

const same = (a: string, b: string) => expect(normaliseOnlineAddress(a), `${a} ~ ${b}`).toBe(normaliseOnlineAddress(b));
const different = (a: string, b: string) =>
  expect(normaliseOnlineAddress(a), `${a} ≁ ${b}`).not.toBe(normaliseOnlineAddress(b));

describe('the normal form of an online address', () => {
  const post = 'https://example.org/posts/123';

  it('ignores the scheme, the host case, www and mobile hosts, default and other ports, user and trailing dot', () => {
    same(post, 'http://example.org/posts/123');
    same(post, 'HTTPS://EXAMPLE.ORG/posts/123');
    same(post, 'https://www.example.org/posts/123');
    same(post, 'https://m.example.org/posts/123');
    same(post, 'https://example.org:443/posts/123');
    same(post, 'http://example.org:80/posts/123');
    same(post, 'https://someone:secret@example.org/posts/123');
    same(post, 'https://example.org./posts/123');
    same(post, '  https://example.org/posts/123  ');
    same('https://x.com/someone/status/1', 'https://twitter.com/someone/status/1');
    same('https://münchen.example/a', 'https://xn--mnchen-3ya.example/a');
  });

  it('drops the fragment, a trailing slash and tracking parameters, and sorts the rest', () => {
    same(post, 'https://example.org/posts/123/');
    same(post, 'https://example.org/posts/123#comments');
    same(post, 'https://example.org/posts/123?utm_source=whatsapp&utm_medium=share&UTM_Campaign=x');
    same(post, 'https://example.org/posts/123?fbclid=IwAR0abc&gclid=1&igshid=2&si=3');
    same('https://example.org/watch?v=abc&list=x', 'https://example.org/watch?list=x&v=abc&utm_source=y');
    same('https://example.org/', 'https://example.org');
    same('https://example.org/a%7Eb', 'https://example.org/a~b');
  });

  it('keeps what names another page: the path and its case, other parameters, another host', () => {
    different(post, 'https://example.org/posts/124');
    different(post, 'https://example.org/Posts/123');
    different('https://example.org/watch?v=abc', 'https://example.org/watch?v=abd');
    different(post, 'https://example.com/posts/123');
    different(post, 'https://other.example.org/posts/123');
  });

  it('compares something that is no http address as written, trimmed, in lower case', () => {
    same('not an address', ' NOT AN ADDRESS ');
    different('not an address', post);
    same('ftp://example.org/a', 'FTP://example.org/a');
  });
});

describe('the keyed hashes', () => {
  const encryption = createEncryption(Buffer.alloc(32, 3));

  it('are one per distinct normal form, hex, keyed: another master key gives other hashes', () => {
    const hashes = onlineAddressHashes(encryption, [
      'https://example.org/a',
      'http://www.example.org/a/?utm_source=x',
      'https://example.org/b',
    ]);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const other = onlineAddressHashes(createEncryption(Buffer.alloc(32, 4)), ['https://example.org/a']);
    expect(hashes).not.toContain(other[0]);
  });

  it('do not change when the data key is rotated: the hash key is not the data key', () => {
    const master = Buffer.alloc(32, 3);
    const rotated = createEncryption(master, {
      current: () => ({ id: 2, key: Buffer.alloc(32, 9) }),
      key: () => Buffer.alloc(32, 9),
      live: () => [{ id: 2, key: Buffer.alloc(32, 9) }],
    });
    expect(onlineAddressHashes(rotated, ['https://example.org/a'])).toEqual(
      onlineAddressHashes(encryption, ['https://example.org/a']),
    );
  });
});
