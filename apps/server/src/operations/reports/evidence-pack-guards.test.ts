import { randomUUID } from 'node:crypto';
import type { EvidencePackInput } from '@app/core/casework/evidence-pack';
import { isAppError } from '@app/core/errors/app-error';
import { describe, expect, it } from 'vitest';
import { REPORTER_REPLY, STAFF_REPLY, useEvidencePackSite, YIDDISH } from '../../test/evidence-pack-helpers.ts';
import { SEEDED } from '../../test/submission-helpers.ts';

/** Who may make an evidence pack, and the audit row that records each one (or its refusal). */

const site = useEvidencePackSite();
const { reports, newReport, ids, input, produce, auditRows, postPack } = site;

describe('who may make a pack', () => {
  it('refuses a viewer with 403 in the operation and on the address, and records the refusal', async () => {
    const id = await newReport();
    const refusal = await reports(site.vera)
      .evidencePack(id, await input(id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isAppError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const { rows } = await site.server.database.pool.query(
      `select details from audit_event where action = 'access.denied' and actor_id = $1`,
      [site.vera.id],
    );
    expect(rows.at(-1)?.details).toMatchObject({ permission: 'reports:manage', role: 'viewer' });

    const answer = await postPack(site.veraSession, id);
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain(SEEDED.description);
    expect(await auditRows(id)).toEqual([]);
  });

  it('refuses a form from another site, and a visitor who is not signed in', async () => {
    const id = await newReport();
    const foreign = await fetch(`${site.server.baseUrl}/api/internal/reports/${id}/evidence-pack`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://attacker.example',
        cookie: site.coraSession.jar.header(),
      },
      body: 'recipient=police&language=nl&format=page&messages=none',
    });
    expect(foreign.status).toBe(403);
    const anonymous = await fetch(`${site.server.baseUrl}/api/internal/reports/${id}/evidence-pack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.server.baseUrl },
      body: 'recipient=police&language=nl&format=page&messages=none',
    });
    expect(anonymous.status).toBe(401);
    expect(await auditRows(id)).toEqual([]);
  });
});

describe('the audit row of a pack', () => {
  it('is written in the transaction of the pack: if it fails, no pack is made', async () => {
    const id = await newReport();
    await site.server.database.pool.query(`create or replace function fail_pack_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'report.evidence-pack-produced' then raise exception 'injected fault'; end if;
        return new;
      end $$`);
    await site.server.database.pool.query(
      'create trigger fail_pack_audit before insert on audit_event for each row execute function fail_pack_audit()',
    );
    try {
      await expect(reports(site.cora).evidencePack(id, await input(id, { includeIdentity: 'yes' }))).rejects.toThrow();
    } finally {
      await site.server.database.pool.query('drop trigger fail_pack_audit on audit_event');
    }
    expect(await auditRows(id)).toEqual([]);
  });

  it('names what went in (recipient, language, identity, messages, files and fingerprints), never the content', async () => {
    const id = await newReport({ description: YIDDISH });
    const { fromReporter: picked, files } = await ids(id);
    const pack = await produce(id, {
      recipient: 'unia',
      language: 'en',
      messages: 'picked',
      messageIds: picked,
      fileIds: [files[1] ?? ''],
    });
    const [row] = await auditRows(id);
    expect(row?.actor_id).toBe(site.cora.id);
    expect(row?.details).toEqual({
      packId: pack.document.packId,
      recipient: 'unia',
      language: 'en',
      format: 'zip',
      identityIncluded: false,
      identityConfirmed: false,
      // The reporter's "yes" (the helpers' report): nothing to ask first.
      consent: 'yes',
      askedReporter: null,
      messages: 'picked',
      messageIds: picked.join(','),
      fileIds: files[1],
      fileSha256: pack.document.files[0]?.sha256,
      // Photos, cleaned as they arrived: no PDF received before PDFs were cleaned (decision 0031).
      uncleanedFileIds: '',
    });
    const text = JSON.stringify(row?.details);
    for (const secret of [YIDDISH, REPORTER_REPLY, STAFF_REPLY, SEEDED.lastName, SEEDED.location]) {
      expect(text).not.toContain(secret);
    }
    // The picked message alone is in the timeline; the report's own file was left out.
    const bodies = pack.document.timeline.flatMap((event) => (event.kind === 'message' ? [event.body] : []));
    expect(bodies).toEqual([REPORTER_REPLY]);
    expect(pack.document.files.map((file) => file.attachmentId)).toEqual([files[1]]);
  });

  it('refuses a form that picks nothing, or picks what is not the report’s, and writes no row', async () => {
    const id = await newReport();
    const other = await newReport();
    const otherIds = await ids(other);
    const attempt = (overrides: Partial<EvidencePackInput>) =>
      reports(site.cora).evidencePack(id, { ...base, ...overrides });
    const base = await input(id);
    await expect(attempt({ messages: 'picked', messageIds: [] })).rejects.toMatchObject({
      code: 'evidencePack.noMessagesPicked',
    });
    await expect(attempt({ messages: 'picked', messageIds: otherIds.messages })).rejects.toMatchObject({
      code: 'evidencePack.unknownItem',
    });
    await expect(attempt({ fileIds: otherIds.files })).rejects.toMatchObject({ code: 'evidencePack.unknownItem' });
    await expect(attempt({ fileIds: ['not-an-id'] })).rejects.toMatchObject({ code: 'evidencePack.unknownItem' });
    await expect(attempt({ recipient: 'press' })).rejects.toMatchObject({ code: 'evidencePack.invalidChoice' });
    await expect(attempt({ language: 'he' })).rejects.toMatchObject({ code: 'evidencePack.invalidChoice' });
    await expect(reports(site.cora).evidencePack(randomUUID(), base)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await auditRows(id)).toEqual([]);

    // Over HTTP, a refused form goes back to the report's page with its code.
    const answer = await postPack(site.coraSession, id, { messages: 'picked' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/internal/reports/${id}?packError=noMessagesPicked#evidence-pack`);
  });
});
