import { describe, expect, it } from 'vitest';
import { CASEWORKERS, expectedDoor, useAccessMatrix, VISITORS, type Visitor } from '../test/access-matrix.ts';

/** The access matrix (security target 18): every action of the staff pages, for each kind of visitor. */
const { matrix, post, request, expectNoSecrets, count, staffId } = useAccessMatrix();

describe("the staff pages' actions answer every visitor as the access matrix says", () => {
  for (const visitor of VISITORS) {
    it(`every page action as ${visitor}`, async () => {
      const { server, reportId, memberId, messageId, partnerId, packId, warningId } = matrix();
      const { pool } = server.database;
      const actions: [string, Record<string, string>, Visitor[]][] = [
        [`/internal/reports/${reportId}`, { intent: 'note', note: `Matrix note by ${visitor}` }, CASEWORKERS],
        [`/internal/reports/${reportId}`, { intent: 'reveal' }, ['coordinator', 'admin']],
        [
          `/internal/reports/${reportId}`,
          { intent: 'reminder-set', dueOn: '2099-01-01', note: `Matrix reminder by ${visitor}` },
          CASEWORKERS,
        ],
        // The legal hold (decision 0040): set, reviewed and lifted by each who may, so the next finds none.
        [`/internal/reports/${reportId}`, { intent: 'hold-set', reason: `Matrix hold by ${visitor}` }, CASEWORKERS],
        [`/internal/reports/${reportId}`, { intent: 'hold-review' }, ['coordinator', 'admin']],
        [`/internal/reports/${reportId}`, { intent: 'hold-lift' }, ['coordinator', 'admin']],
        // The answer to a request for erasure (decision 0046), which waits again for each visitor.
        [
          `/internal/reports/${reportId}`,
          { intent: 'erasure-answer', answer: 'refuse', reason: 'legal-obligation' },
          CASEWORKERS,
        ],
        // A referral (decision 0050): the report's "ask me first", agreed by phone.
        [
          `/internal/reports/${reportId}`,
          { intent: 'refer', partner: partnerId, pack: packId, agreedOn: '2026-01-05', agreedVia: 'phone' },
          CASEWORKERS,
        ],
        // Support given (decision 0053): the needs, the safety plan and a service, from a fresh start for each visitor.
        [`/internal/reports/${reportId}`, { intent: 'support-needs', revision: '1', needs: 'legal' }, CASEWORKERS],
        [
          `/internal/reports/${reportId}`,
          { intent: 'safety-plan', revision: '2', plan: `Matrix safety plan by ${visitor}` },
          CASEWORKERS,
        ],
        [
          `/internal/reports/${reportId}`,
          {
            intent: 'support-service',
            need: 'legal',
            description: `Matrix support by ${visitor}`,
            givenBy: `staff:${staffId(visitor)}`,
            givenOn: '2026-01-05',
          },
          CASEWORKERS,
        ],
        ['/internal/partners', { intent: 'create', name: `Matrix partner of ${visitor}`, kind: 'other' }, ['admin']],
        ['/internal/account', { intent: 'daily-digest', dailyDigest: 'yes' }, ['coordinator', 'admin']],
        [`/internal/contact-forms/${messageId}`, { intent: 'unarchive' }, ['coordinator', 'admin']],
        ['/internal/content', { emergencyNumber: '112', policeNumber: '101' }, ['coordinator', 'admin']],
        ['/internal/content/aboutUs/nl', { intent: 'save', body: `Over ons (${visitor})` }, ['coordinator', 'admin']],
        [`/internal/staff/${memberId}`, { intent: 'password-link' }, ['admin']],
        // Search across sealed text and saved views (decision 0055): posted forms of the report list.
        ['/internal/reports', { intent: 'search', search: `matrix ${visitor}` }, ['coordinator', 'admin']],
        [
          '/internal/reports',
          { intent: 'save-view', name: `Matrix view of ${visitor}`, search: 'matrix', status: 'new' },
          CASEWORKERS,
        ],
        // Acknowledging an early warning (decision 0052), not yet acknowledged again for each visitor.
        ['/internal/dashboard', { intent: 'acknowledge-warning', warning: warningId, count: '3' }, CASEWORKERS],
      ];
      await pool.query(
        'update early_warning set acknowledged_count = 0, acknowledged_at = null, acknowledged_by = null where id = $1',
        [warningId],
      );
      for (const table of ['support_service', 'support_need', 'report_support']) {
        await pool.query(`delete from ${table} where report_id = $1`, [reportId]);
      }
      await pool.query(
        `insert into reporter_request (report_id, kind) values ($1, 'erasure')
         on conflict (report_id, kind)
         do update set answered_at = null, answered_by = null, outcome = null, refusal_reason = null`,
        [reportId],
      );
      for (const [path, fields, allowed] of actions) {
        const answer = await post(visitor, path, fields);
        const door = expectedDoor(visitor, path);
        if (door) {
          expect(answer.status, path).toBe(302);
          expect(answer.headers.get('location'), path).toBe(door);
        } else expect(answer.status, `${path} ${fields.intent}`).toBe(allowed.includes(visitor) ? 200 : 403);
        if (!allowed.includes(visitor)) expectNoSecrets(await answer.text(), `${path} for ${visitor}`);
      }
      // Saved views (decision 0055): the view saved above exists exactly when this visitor may save one;
      // deleting it is theirs alone, and a visitor who may not gets the same refusal for any id.
      const ownViews = await pool.query<{ id: string }>('select id from saved_report_view where member_id = $1', [
        staffId(visitor),
      ]);
      expect(ownViews.rows.length, `view of ${visitor}`).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      if (ownViews.rows[0]) {
        // Opened by its id: the list with the view's filters and search (an audited search).
        const opened = await request(visitor, `/internal/reports?view=${ownViews.rows[0].id}`);
        expect(opened.status, `view opened by ${visitor}`).toBe(200);
        expect(await opened.text()).toContain(`Matrix view of ${visitor}`);
      }
      const removal = await post(visitor, '/internal/reports', {
        intent: 'delete-view',
        view: ownViews.rows[0]?.id ?? '00000000-0000-4000-8000-000000000000',
      });
      const viewsDoor = expectedDoor(visitor, '/internal/reports');
      expect(removal.status, `delete-view by ${visitor}`).toBe(
        viewsDoor ? 302 : CASEWORKERS.includes(visitor) ? 200 : 403,
      );
      // Searches are audited for those who may search, with their words sealed; nobody else's are recorded.
      const searches = await count(
        `select count(*)::int as n from audit_event where action = 'report.searched' and actor_id = $1`,
        [staffId(visitor)],
      );
      // The posted search, and the saved view's search when it was opened.
      expect(searches, `searches by ${visitor}`).toBe(CASEWORKERS.includes(visitor) ? 2 : 0);
      // Only the allowed left a trace: support recorded by this visitor exists exactly when they may record it.
      const supported = await count(
        `select count(*)::int as n from support_service s join report_support r on r.report_id = s.report_id
          where s.report_id = $1 and s.recorded_by = $2 and r.safety_plan is not null`,
        [reportId, staffId(visitor)],
      );
      expect(supported, `support by ${visitor}`).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a referral by this visitor exists exactly when they may refer.
      const referred = await count(
        'select count(*)::int as n from referral where report_id = $1 and referred_by = $2',
        [reportId, staffId(visitor)],
      );
      expect(referred, `referral by ${visitor}`).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a reminder and a digest choice exist exactly when they may set them.
      const reminders = await count(
        `select count(*)::int as n from report_reminder r join staff_mail_preference p on p.staff_id = r.created_by
          where r.report_id = $1 and r.created_by = $2 and p.daily_digest`,
        [reportId, staffId(visitor)],
      );
      expect(reminders, visitor).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      // Only the allowed left a trace: a note by this visitor exists exactly when they may write one.
      const notes = await count('select count(*)::int as n from report_note where report_id = $1 and author_id = $2', [
        reportId,
        staffId(visitor),
      ]);
      expect(notes).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      const edits = await count('select count(*)::int as n from content_version where body = $1', [
        `Over ons (${visitor})`,
      ]);
      expect(edits).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
      const acknowledged = await count(
        `select count(*)::int as n from audit_event where action = 'early-warning.acknowledged' and subject_id = $1 and actor_id = $2`,
        [warningId, staffId(visitor)],
      );
      expect(acknowledged, `acknowledged by ${visitor}`).toBe(CASEWORKERS.includes(visitor) ? 1 : 0);
    });
  }
});
