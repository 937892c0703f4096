import { describe, expect, it } from 'vitest';
import {
  CASEWORKERS,
  expectedDoor,
  SIGNED_IN,
  useAccessMatrix,
  VISITORS,
  type Visitor,
} from '../test/access-matrix.ts';

/** The access matrix (security target 18): the staff API and the admins' form that adds a member. */
const { matrix, request, post, expectNoSecrets } = useAccessMatrix();

describe('the staff API and member management answer every visitor as the access matrix says', () => {
  for (const visitor of VISITORS) {
    it(`POST actions as ${visitor}`, async () => {
      const create = await post(visitor, '/internal/staff', {
        name: 'Matrix Member',
        email: `matrix-${visitor}@example.org`,
        role: 'admin',
      });
      const door = expectedDoor(visitor, '/internal/staff');
      if (door) {
        expect(create.status).toBe(302);
        expect(create.headers.get('location')).toBe(door);
      } else {
        expect(create.status).toBe(visitor === 'admin' ? 200 : 403);
      }
      const members = await matrix().server.services.commandLine.staff.list();
      expect(members.some((member) => member.email === `matrix-${visitor}@example.org`)).toBe(visitor === 'admin');
    });

    it(`/api/internal as ${visitor}`, async () => {
      const { reportId, fileId } = matrix();
      const response = await request(visitor, '/api/internal/anything');
      expect(response.status).toBe(SIGNED_IN.includes(visitor) ? 404 : 401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const api: [string, Visitor[]][] = [
        ['/api/internal/exports/stats.csv', ['viewer', 'coordinator', 'admin']],
        ['/api/internal/exports/reports.csv', CASEWORKERS],
        [`/api/internal/reports/${reportId}/attachments/${fileId}`, CASEWORKERS],
        [`/api/internal/reports/${reportId}/attachments/${fileId}?preview=1`, CASEWORKERS],
      ];
      for (const [path, allowed] of api) {
        const answer = await request(visitor, path);
        const expected = allowed.includes(visitor) ? 200 : SIGNED_IN.includes(visitor) ? 403 : 401;
        expect(answer.status, path).toBe(expected);
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
        const body = Buffer.from(await answer.arrayBuffer());
        if (expected !== 200) {
          expect(body.byteLength, path).toBeLessThan(100);
          expectNoSecrets(body.toString('utf8'), `${path} for ${visitor}`);
        }
      }
      // An evidence pack (a form POST): coordinators and admins only; a refusal carries nothing.
      const packPath = `/api/internal/reports/${reportId}/evidence-pack`;
      const pack = await post(visitor, packPath, {
        recipient: 'police',
        language: 'nl',
        format: 'page',
        messages: 'all',
        fileIds: fileId,
        // The report's "ask me first" (reportPayload): the coordinator asked, and was told yes.
        askedReporter: 'yes',
      });
      const packExpected = CASEWORKERS.includes(visitor) ? 200 : SIGNED_IN.includes(visitor) ? 403 : 401;
      expect(pack.status, packPath).toBe(packExpected);
      expect(pack.headers.get('cache-control'), packPath).toBe('no-store');
      if (packExpected !== 200) expectNoSecrets(await pack.text(), `${packPath} for ${visitor}`);
    });
  }
});
