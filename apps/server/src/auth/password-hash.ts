import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff passwords hashed with scrypt at OWASP's minimum (N=2^17, r=8, p=1), where better-auth's
 * default (N=2^14) is below it. The parameters are stored with each hash, so that raising them
 * later still verifies the old hashes.
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt
 */
export const SCRYPT_PARAMETERS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, parameters: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...parameters, maxmem: 256 * parameters.N * parameters.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT_PARAMETERS);
  const { N, r, p } = SCRYPT_PARAMETERS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every(Number.isSafeInteger)) return false;
  const key = await derive(password, Buffer.from(salt, 'base64url'), parameters);
  const expectedKey = Buffer.from(expected, 'base64url');
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}
