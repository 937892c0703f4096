import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A software passkey authenticator for server tests: it answers WebAuthn options as a device
 * does (attestation "none", ES256), so the real verification of better-auth's passkey plugin
 * (SimpleWebAuthn) runs on real signatures. The browser test uses Chromium's own virtual
 * authenticator instead.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The CBOR subset WebAuthn needs (RFC 8949): integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export function createSoftAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const flags = (userVerified: boolean, attested = false) => 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const count = () => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(++counter);
    return out;
  };
  /** The PublicKeyCredential a browser hands to the page, as JSON: this device's, with `response`. */
  const credential = (response: Record<string, unknown>) =>
    JSON.stringify({
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response,
    });

  return {
    credentialId: b64url(credentialId),
    /** The answer to registration options (`navigator.credentials.create`). */
    register(options: Record<string, unknown>, { userVerified = true } = {}) {
      const rpId = (options.rp as { id: string }).id;
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(userVerified, true)]),
        count(),
        Buffer.alloc(16),
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      return credential({
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      });
    },
    /** The answer to authentication options (`navigator.credentials.get`). */
    authenticate(options: Record<string, unknown>, { userVerified = true, signedOrigin = origin } = {}) {
      const rpId = options.rpId as string;
      const clientData = Buffer.from(
        JSON.stringify({
          type: 'webauthn.get',
          challenge: options.challenge,
          origin: signedOrigin,
          crossOrigin: false,
        }),
      );
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(userVerified)]), count()]);
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey);
      return credential({
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      });
    },
  };
}
