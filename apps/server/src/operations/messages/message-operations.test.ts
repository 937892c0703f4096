import { validateContactMessage } from '@app/core/forms/contact.schema';
import type { StaffIdentity } from '@app/core/staff/staff-api';
import { describe, expect, it } from 'vitest';
import { submitContactMessage } from '../../services/intake/submit-contact-message.ts';
import { useSiteWithStaff } from '../../test/site-with-staff.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let actor: StaffIdentity;

async function newMessage(firstName: string, message: string): Promise<void> {
  const input = validateContactMessage({
    language: 'fr',
    firstName,
    email: `${firstName.toLowerCase()}@example.be`,
    message,
  });
  if (!input.success) throw new Error(JSON.stringify(input.errors));
  await submitContactMessage(server.services, input.data, { isQuarantined: false });
}

useSiteWithStaff({ actor: ['coordinator', 'Cora'] }, (site) => {
  server = site.server;
  actor = site.staff.actor;
});

describe('the contact-form inbox', () => {
  it('lists new messages, marks one read when opened, archives, restores and deletes it', async () => {
    const inbox = server.services.operationsFor(actor).messages;
    await newMessage('Sarah', 'Bonjour, je voudrais aider comme bénévole.');
    await newMessage('David', 'x'.repeat(300));
    const unread = await inbox.list({ status: 'new', page: 1 });
    expect(unread.items.map((item) => item.senderName)).toEqual(['David', 'Sarah']);
    expect(unread.items[0]?.preview).toHaveLength(121);

    const sarahId = unread.items[1]?.id ?? '';
    const opened = await inbox.open(sarahId);
    expect(opened).toMatchObject({ firstName: 'Sarah', email: 'sarah@example.be', status: 'read', language: 'fr' });
    expect((await inbox.list({ status: 'new', page: 1 })).total).toBe(1);
    expect((await inbox.list({ status: 'read', page: 1 })).total).toBe(1);

    await inbox.setStatus(sarahId, 'archived');
    expect((await inbox.list({ status: 'archived', page: 1 })).items.map((item) => item.id)).toEqual([sarahId]);
    await inbox.remove(sarahId);
    // Gone: nothing at its address any more.
    await expect(inbox.open(sarahId)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(inbox.remove(sarahId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inbox.setStatus(sarahId, 'read')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inbox.setStatus('not-an-id', 'archived')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const { rows } = await server.database.pool.query(
      `select action, details from audit_event where subject_type = 'message' order by id`,
    );
    expect(rows).toEqual([
      { action: 'message.status-changed', details: { to: 'archived' } },
      { action: 'message.deleted', details: {} },
    ]);
  });
});

describe('a message sent without JavaScript', () => {
  it('carries its mark into the inbox list and the opened message', async () => {
    const inbox = server.services.operationsFor(actor).messages;
    const input = validateContactMessage({
      language: 'he',
      firstName: 'Noa',
      email: 'noa@example.be',
      message: 'שלום',
    });
    if (!input.success) throw new Error(JSON.stringify(input.errors));
    await submitContactMessage(server.services, input.data, { isQuarantined: false, spamCheck: 'form-token' });
    const listed = (await inbox.list({ status: 'new', page: 1 })).items.find((item) => item.senderName === 'Noa');
    expect(listed?.spamCheck).toBe('form-token');
    // The inbox filters on the mark: only the messages sent without the check, or only the others.
    const without = await inbox.list({ status: 'new', page: 1, spamCheck: 'form-token' });
    expect(without.items.map((item) => item.senderName)).toEqual(['Noa']);
    expect(without.total).toBe(1);
    const checked = await inbox.list({ status: 'new', page: 1, spamCheck: 'proof-of-work' });
    expect(checked.items.some((item) => item.senderName === 'Noa')).toBe(false);
    expect(checked.total).toBe((await inbox.list({ status: 'new', page: 1 })).total - 1);
    // Opened (which marks it read), it still carries the mark.
    expect((await inbox.open(listed?.id ?? ''))?.spamCheck).toBe('form-token');
  });
});
