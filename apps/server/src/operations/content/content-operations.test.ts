import { isAppError } from '@app/core/errors/app-error';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let actor: StaffIdentity;

useSiteWithStaff({ actor: ['coordinator', 'Cora'] }, (site) => {
  server = site.server;
  actor = site.staff.actor;
});

describe('edited content', () => {
  it('is in force at once, keeps every version, and can go back to the shipped text', async () => {
    const { content } = server.services.operationsFor(actor);
    expect(await content.current('nl')).toEqual({});
    expect(await content.save('aboutUs', 'nl', 'Wij zijn **vrijwilligers**.\r\n')).toBeUndefined();
    expect((await content.current('nl')).aboutUs?.body).toBe('Wij zijn **vrijwilligers**.');
    expect(await content.current('fr')).toEqual({});
    await content.save('aboutUs', 'nl', 'Tweede versie.');
    expect((await content.current('nl')).aboutUs?.body).toBe('Tweede versie.');
    await content.restoreShipped('aboutUs', 'nl');
    expect((await content.current('nl')).aboutUs).toBeUndefined();
    const history = await content.history('aboutUs', 'nl');
    expect(history.map((version) => [version.body, version.isShippedText, version.author])).toEqual([
      ['', true, 'Cora'],
      ['Tweede versie.', false, 'Cora'],
      ['Wij zijn **vrijwilligers**.', false, 'Cora'],
    ]);
    await expect(content.save('privacy', 'en', 'x'.repeat(30_001))).rejects.toMatchObject({ code: 'content.tooLong' });
    const { rows } = await server.database.pool.query(
      `select details from audit_event where action = 'content.edited' order by id`,
    );
    expect(rows.map((row) => row.details)).toEqual([
      { language: 'nl' },
      { language: 'nl' },
      { language: 'nl', shippedText: true },
    ]);
  });

  it('shows on the public page at once, with raw HTML escaped, and the shipped text comes back', async () => {
    const { content } = server.services.operationsFor(actor);
    const page = async () => (await fetch(`${server.baseUrl}/nl`)).text();
    expect(await page()).toContain('vrijwilligersorganisatie');
    await content.save('aboutUs', 'nl', 'Nieuwe tekst over **ons**. <script>alert(1)</script>');
    const edited = await page();
    expect(edited).toContain('Nieuwe tekst over <strong>ons</strong>.');
    expect(edited).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(edited).not.toContain('<script>alert(1)');
    await content.save('announcement', 'nl', 'Het kantoor is **gesloten** op 1 december.');
    expect(await (await fetch(`${server.baseUrl}/nl/contact`)).text()).toContain('gesloten</strong> op 1 december');
    await content.restoreShipped('aboutUs', 'nl');
    await content.restoreShipped('announcement', 'nl');
    const back = await page();
    expect(back).not.toContain('Nieuwe tekst');
    expect(back).not.toContain('class="announcement"');
  });

  it('lets staff reword the emergency notice and change its numbers, never dropping a number', async () => {
    const { content } = server.services.operationsFor(actor);
    await expect(content.save('emergencyNotice', 'en', 'Call {{emergencyNumber}} now.')).rejects.toMatchObject({
      code: 'content.placeholderMissing',
    });
    await expect(
      content.setEmergencyNumbers({ emergencyNumber: '112', policeNumber: 'call us' }),
    ).rejects.toMatchObject({ code: 'content.invalidNumber' });
    await content.save(
      'emergencyNotice',
      'en',
      'Danger? Ring {{emergencyNumber}}, or {{policeNumber}} for the police <b>now</b>.',
    );
    expect(
      await content.setEmergencyNumbers({ emergencyNumber: ' 112 ', policeNumber: '+32 2 555 01 01' }),
    ).toBeUndefined();
    expect(await content.emergencyNumbers()).toEqual({ emergencyNumber: '112', policeNumber: '+32 2 555 01 01' });
    const html = await (await fetch(`${server.baseUrl}/incident-report`)).text();
    expect(html).toContain('Danger? Ring ');
    expect(html).toContain('href="tel:+3225550101"');
    expect(html).toContain('for the police bnow/b.');
    expect(html).not.toContain('<b>now</b>');
    await content.restoreShipped('emergencyNotice', 'en');
    expect(await (await fetch(`${server.baseUrl}/incident-report`)).text()).not.toContain('Danger? Ring');
  });

  it('puts an earlier version back as a new one, and only a version of the same text and language', async () => {
    const { content } = server.services.operationsFor(actor);
    await content.save('getInvolved', 'he', 'גרסה ראשונה.');
    await content.save('getInvolved', 'he', 'גרסה שנייה.');
    const [, first] = await content.history('getInvolved', 'he');
    await content.restoreVersion('getInvolved', 'he', first?.id ?? 0);
    expect((await content.current('he')).getInvolved?.body).toBe('גרסה ראשונה.');
    expect((await content.history('getInvolved', 'he')).map((version) => version.body)).toEqual([
      'גרסה ראשונה.',
      'גרסה שנייה.',
      'גרסה ראשונה.',
    ]);
    for (const [key, language] of [
      ['getInvolved', 'yi'],
      ['aboutUs', 'he'],
    ] as const) {
      const refusal = await content.restoreVersion(key, language, first?.id ?? 0).catch((error: unknown) => error);
      expect(isAppError(refusal)).toBe(true);
      expect(refusal).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    const { rows } = await server.database.pool.query(
      `select details from audit_event where action = 'content.edited' and subject_id = 'getInvolved' order by id`,
    );
    expect(rows.at(-1)?.details).toEqual({ language: 'he', restoredVersion: String(first?.id) });
  });
});
