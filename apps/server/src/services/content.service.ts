import {
  CONTENT_MAX_LENGTH,
  type ContentServicesForWeb,
  type CurrentContent,
  EMERGENCY_PLACEHOLDERS,
  type EmergencyNumbers,
  isContentKey,
  PHONE_NUMBER_PATTERN,
} from '@app/core/content';
import { and, desc, eq, sql } from 'drizzle-orm';
import { contentVersion } from '../db/casework-schema.ts';
import type { Db } from '../db/database.ts';
import { staffUser } from '../db/staff-schema.ts';
import type { AuditLog } from './audit.service.ts';

/** The emergency numbers are kept as versions too, site-wide (no language). */
const NUMBERS_KEY = 'emergencyNumbers';
const NUMBERS_LANGUAGE = 'all';

/**
 * Staff-edited texts. Every public page asks for the texts in force; the answer is kept in memory
 * per language and read again as soon as the newest version id changes (one cheap query), so an
 * edit shows at once, on every instance, without a restart.
 */
export function createContentService(db: Db, audit: AuditLog): ContentServicesForWeb {
  const cache = new Map<string, { revision: number; content: CurrentContent }>();
  let numbersCache: { revision: number; numbers: EmergencyNumbers | undefined } | undefined;
  const revision = async () => {
    const { rows } = await db.execute<{ revision: string }>(
      sql`select coalesce(max(id), 0) as revision from content_version`,
    );
    return Number(rows[0]?.revision ?? 0);
  };

  return {
    async current(language) {
      const latest = await revision();
      const cached = cache.get(language);
      if (cached && cached.revision === latest) return cached.content;
      const { rows } = await db.execute<{ key: string; body: string; is_shipped_text: boolean; created_at: string }>(
        sql`select distinct on (key) key, body, is_shipped_text, created_at from content_version
          where language = ${language} order by key, id desc`,
      );
      const content: CurrentContent = {};
      for (const row of rows) {
        if (isContentKey(row.key) && !row.is_shipped_text) {
          content[row.key] = { body: row.body, updatedAt: new Date(row.created_at).toISOString() };
        }
      }
      cache.set(language, { revision: latest, content });
      return content;
    },

    async history(key, language) {
      const rows = await db
        .select({ version: contentVersion, author: staffUser.name })
        .from(contentVersion)
        .leftJoin(staffUser, eq(staffUser.id, contentVersion.createdBy))
        .where(and(eq(contentVersion.key, key), eq(contentVersion.language, language)))
        .orderBy(desc(contentVersion.id))
        .limit(50);
      return rows.map(({ version, author }) => ({
        id: version.id,
        body: version.body,
        isShippedText: version.isShippedText,
        createdAt: version.createdAt.toISOString(),
        author,
      }));
    },

    async save(actor, key, language, body) {
      const text = body.replace(/\r\n/g, '\n').trim();
      if (text.length > CONTENT_MAX_LENGTH) return { ok: false, code: 'tooLong' };
      if (key === 'emergencyNotice' && !EMERGENCY_PLACEHOLDERS.every((placeholder) => text.includes(placeholder))) {
        return { ok: false, code: 'placeholderMissing' };
      }
      await db.insert(contentVersion).values({ key, language, body: text, createdBy: actor.id });
      await audit.record({
        action: 'content.edited',
        actorId: actor.id,
        subjectType: 'content',
        subjectId: key,
        details: { language },
      });
      return { ok: true };
    },

    async emergencyNumbers() {
      const latest = await revision();
      if (numbersCache && numbersCache.revision === latest) return numbersCache.numbers;
      const [row] = await db
        .select({ body: contentVersion.body })
        .from(contentVersion)
        .where(and(eq(contentVersion.key, NUMBERS_KEY), eq(contentVersion.language, NUMBERS_LANGUAGE)))
        .orderBy(desc(contentVersion.id))
        .limit(1);
      const numbers = row ? (JSON.parse(row.body) as EmergencyNumbers) : undefined;
      numbersCache = { revision: latest, numbers };
      return numbers;
    },

    async setEmergencyNumbers(actor, numbers) {
      const clean = {
        emergencyNumber: numbers.emergencyNumber.trim(),
        policeNumber: numbers.policeNumber.trim(),
      };
      if (!Object.values(clean).every((number) => PHONE_NUMBER_PATTERN.test(number))) {
        return { ok: false, code: 'invalidNumber' };
      }
      await db
        .insert(contentVersion)
        .values({ key: NUMBERS_KEY, language: NUMBERS_LANGUAGE, body: JSON.stringify(clean), createdBy: actor.id });
      await audit.record({
        action: 'content.edited',
        actorId: actor.id,
        subjectType: 'content',
        subjectId: NUMBERS_KEY,
        details: clean,
      });
      return { ok: true };
    },

    async restoreShipped(actor, key, language) {
      await db.insert(contentVersion).values({ key, language, body: '', isShippedText: true, createdBy: actor.id });
      await audit.record({
        action: 'content.edited',
        actorId: actor.id,
        subjectType: 'content',
        subjectId: key,
        details: { language, shippedText: true },
      });
    },
  };
}
