import { describe, expect, it } from 'vitest';
import { CASEWORKERS, expectedDoor, useAccessMatrix, VISITORS } from '../test/access-matrix.ts';
import { PLAIN_IDENTITY, PLAIN_INCIDENT, PLAIN_NO_ANSWERS } from '../test/submission-helpers.ts';

/**
 * The access matrix (security target 18): recording a report from another channel, linking and
 * splitting incidents, classifying an incident, for each kind of visitor.
 */
const { matrix, post, expectNoSecrets, count, staffId } = useAccessMatrix();

describe('recording, linking and classifying answer every visitor as the access matrix says', () => {
  for (const visitor of VISITORS) {
    it(`records a report from another channel as ${visitor}`, async () => {
      // The page's plain form (decision 0051): the web form's fields, the channel, a receipt.
      const path = '/internal/reports/new';
      const answer = await post(visitor, path, {
        source: 'phone',
        language: 'he',
        receipt: 'yes',
        ...PLAIN_IDENTITY,
        ...PLAIN_INCIDENT,
        ...PLAIN_NO_ANSWERS,
        sharingConsent: 'ask-first',
        termsAccepted: 'on',
      });
      const allowed = CASEWORKERS.includes(visitor);
      const door = expectedDoor(visitor, path);
      if (door) {
        expect(answer.status).toBe(302);
        expect(answer.headers.get('location')).toBe(door);
      } else {
        expect(answer.status).toBe(allowed ? 200 : 403);
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      const body = await answer.text();
      if (!allowed) expectNoSecrets(body, `${path} for ${visitor}`);
      // The receipt is on the answer, in groups of four, exactly when the report was recorded.
      expect(/\d{4} \d{4} \d{4} \d{4}/.test(body.replaceAll(/<[^>]+>/g, '')), visitor).toBe(allowed);
      const done = await count(
        `select count(*)::int as n from report where recorded_by = $1 and source = 'phone' and receipt_hash is not null`,
        [staffId(visitor)],
      );
      expect(done).toBe(allowed ? 1 : 0);
    });
  }

  for (const visitor of VISITORS) {
    it(`links a report into another incident and splits it out as ${visitor}`, async () => {
      const { server, reportId, otherReportId } = matrix();
      const { pool } = server.database;
      const path = `/internal/reports/${reportId}`;
      const incidentOf = async (id: string) =>
        (await pool.query('select incident_id from report where id = $1', [id])).rows[0].incident_id;
      const postHere = (fields: Record<string, string>) => post(visitor, path, fields);
      const allowed = CASEWORKERS.includes(visitor);
      const door = expectedDoor(visitor, path);
      const before = await incidentOf(reportId);
      const link = await postHere({ intent: 'incident-link', from: before, target: otherReportId });
      if (door) expect(link.headers.get('location')).toBe(door);
      else expect(link.status).toBe(allowed ? 200 : 403);
      if (!allowed) expectNoSecrets(await link.text(), `${path} incident-link for ${visitor}`);
      expect(await incidentOf(reportId)).toBe(allowed ? await incidentOf(otherReportId) : before);
      const split = await postHere({ intent: 'incident-split', from: await incidentOf(reportId) });
      if (door) expect(split.headers.get('location')).toBe(door);
      else expect(split.status).toBe(allowed ? 200 : 403);
      expect(await incidentOf(reportId)).not.toBe(await incidentOf(otherReportId));
      const done = await count(
        `select count(*)::int as n from audit_event
          where subject_id = $1 and action in ('report.linked', 'report.split') and actor_id = $2`,
        [reportId, staffId(visitor)],
      );
      expect(done).toBe(allowed ? 2 : 0);
    });
  }

  for (const visitor of VISITORS) {
    it(`classifies a report's incident as ${visitor}`, async () => {
      const { server, reportId } = matrix();
      const { pool } = server.database;
      const path = `/internal/reports/${reportId}`;
      const incident = async () =>
        (
          await pool.query(
            'select i.id, i.revision, i.category from incident i join report r on r.incident_id = i.id where r.id = $1',
            [reportId],
          )
        ).rows[0] as { id: string; revision: number; category: string | null };
      const before = await incident();
      const allowed = CASEWORKERS.includes(visitor);
      const door = expectedDoor(visitor, path);
      const category = visitor === 'admin' ? 'assault' : 'threats';
      const answer = await post(visitor, path, [
        ['intent', 'classify'],
        ['incident', before.id],
        ['revision', String(before.revision)],
        ['category', category],
        ['manifestations', 'modern'],
        ['manifestations', 'othering'],
        ['placeType', 'online'],
      ]);
      if (door) expect(answer.headers.get('location')).toBe(door);
      else expect(answer.status).toBe(allowed ? 200 : 403);
      if (!allowed) expectNoSecrets(await answer.text(), `${path} classify for ${visitor}`);
      expect((await incident()).category).toBe(allowed ? category : before.category);
      const done = await count(
        `select count(*)::int as n from audit_event where subject_id = $1 and action = 'incident.classified' and actor_id = $2`,
        [reportId, staffId(visitor)],
      );
      expect(done).toBe(allowed ? 1 : 0);
    });
  }
});
