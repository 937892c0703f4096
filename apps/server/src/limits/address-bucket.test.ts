import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket.ts';

describe('addressBucket', () => {
  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const buckets = new Set(
      [
        '2001:db8:1:2::1',
        '2001:db8:1:2:ffff:ffff:ffff:ffff',
        '2001:0DB8:0001:0002:0:0:0:9',
        '2001:db8:1:2::1%eth0',
      ].map(addressBucket),
    );
    expect([...buckets]).toEqual(['2001:db8:1:2::/64']);
  });
  it('keeps neighbouring /64 networks apart', () => {
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(addressBucket('2001:db8:1:2::1'));
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });
  it('counts IPv4 addresses whole, mapped into IPv6 or not', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('192.0.2.2')).not.toBe(addressBucket('192.0.2.1'));
  });
  it('counts each tor circuit of an onion visitor apart, as tor writes it (HiddenServiceExportCircuitID haproxy)', () => {
    expect(addressBucket('fc00:dead:beef:4dad::0:1234')).toBe('fc00:dead:beef:4dad:0:0:0:1234');
    expect(addressBucket('FC00:DEAD:BEEF:4DAD:0:0:0:1234')).toBe('fc00:dead:beef:4dad:0:0:0:1234');
    expect(addressBucket('fc00:dead:beef:4dad::1:1')).not.toBe(addressBucket('fc00:dead:beef:4dad::0:1'));
    // Its neighbours are ordinary /64 networks.
    expect(addressBucket('fc00:dead:beef:4dae::1')).toBe('fc00:dead:beef:4dae::/64');
  });
  it('has no bucket for no address', () => {
    expect(addressBucket(undefined)).toBeUndefined();
    expect(addressBucket('')).toBeUndefined();
  });
});
