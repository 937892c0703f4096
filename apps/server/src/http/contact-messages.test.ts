import { describe, expect, it } from 'vitest';
import { contactMessageFrom, SEEDED, solveAltcha } from '../test/submission-helpers.ts';
import { useTestServer } from '../test/use-test-server.ts';

const message = contactMessageFrom('fr');

describe('POST /api/contact-messages', () => {
  const server = useTestServer({ MESSAGES_PER_HOUR_PER_IP: '1000' });

  const post = async (body: unknown, contentType = 'application/json') => {
    const response = await fetch(`${server.baseUrl}/api/contact-messages`, {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const stored = async () => (await server.database.pool.query('select * from contact_message')).rows;

  it('stores a message sealed, with its language', async () => {
    expect(await post({ altcha: await solveAltcha(server.baseUrl), message })).toEqual({
      status: 201,
      body: { ok: true },
    });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0].language).toBe('fr');
    expect(rows[0].content).not.toContain(SEEDED.email);
    expect(JSON.parse(server.services.encryption.openText(rows[0].content))).toEqual({
      firstName: SEEDED.firstName,
      lastName: SEEDED.lastName,
      email: SEEDED.email,
      phone: '',
      message: SEEDED.description,
    });
  });

  it.each([
    [{ email: 'not-an-address' }, { email: 'invalidEmail' }],
    [{ phone: '0470' }, { phone: 'invalidPhone' }],
    [{ message: '' }, { message: 'required' }],
    [{ firstName: 7 }, { firstName: 'required' }],
  ])('refuses %o with %o and stores nothing', async (change, fields) => {
    const before = (await stored()).length;
    const response = await post({ altcha: await solveAltcha(server.baseUrl), message: { ...message, ...change } });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'VALIDATION_FAILED', fields });
    expect((await stored()).length).toBe(before);
  });

  it('refuses unknown top-level fields, malformed and huge JSON, and other content types', async () => {
    const altcha = await solveAltcha(server.baseUrl);
    expect((await post({ altcha, message, admin: true })).body.error).toEqual({
      code: 'VALIDATION_FAILED',
      fields: { admin: 'unknownField' },
    });
    expect(await post('{"message":')).toEqual({ status: 400, body: { error: { code: 'INVALID_PAYLOAD' } } });
    expect((await post({ altcha, message: { ...message, message: 'x'.repeat(40_000) } })).status).toBe(413);
    expect((await post(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`)).status).toBe(400);
    expect((await post('message=hello', 'application/x-www-form-urlencoded')).status).toBe(415);
  });

  it('refuses a message without a valid ALTCHA solution', async () => {
    expect((await post({ message })).body.error.code).toBe('ALTCHA_FAILED');
  });
});
