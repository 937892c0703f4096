import {
  type ContentServicesForWeb,
  type CurrentContent,
  type EmergencyNumbers,
  isContentKey,
} from '@app/core/site/content';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type ContentVersionLanguage, contentVersion } from '../../db/casework-schema.ts';
import type { Db } from '../../db/database.ts';

/** The emergency numbers are kept as versions too, site-wide (no language). */
export const NUMBERS_KEY = 'emergencyNumbers';
export const NUMBERS_LANGUAGE = 'all';

export type PublicContentService = Pick<ContentServicesForWeb, 'current' | 'emergencyNumbers' | 'history' | 'version'>;

/**
 * Staff-edited texts, as the public pages read them (staff write them through the operations in
 * `operations/content`). Every public page asks for the texts in force; the answer is kept in memory
 * per language and read again as soon as the newest version id changes (one cheap query), so an
 * edit shows at once, on every instance, without a restart.
 */
export function createContentService(db: Db): PublicContentService {
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
        .select({
          id: contentVersion.id,
          createdAt: contentVersion.createdAt,
          isShippedText: contentVersion.isShippedText,
        })
        .from(contentVersion)
        .where(and(eq(contentVersion.key, key), eq(contentVersion.language, language as ContentVersionLanguage)))
        .orderBy(desc(contentVersion.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    async version(key, language, id) {
      const [row] = await db
        .select({ body: contentVersion.body, createdAt: contentVersion.createdAt })
        .from(contentVersion)
        .where(
          and(
            eq(contentVersion.id, id),
            eq(contentVersion.key, key),
            eq(contentVersion.language, language as ContentVersionLanguage),
            eq(contentVersion.isShippedText, false),
          ),
        );
      return row ? { body: row.body, createdAt: row.createdAt.toISOString() } : undefined;
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
  };
}
