import type { IncidentType } from '@app/core/forms/incident-types';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Encryption } from '../../crypto/encryption.ts';
import { onlineAddressHashes } from '../../crypto/online-addresses.ts';
import type { Db } from '../../db/database.ts';
import { reportUrlHash } from '../../db/incident-link-schema.ts';
import { report } from '../../db/schema.ts';

/**
 * Suggested links between incidents (decision 0043): which incidents may be the same event as an
 * incident, found by indexes only, and the keyed hashes of the online addresses they are found by.
 */

/** How many days apart two incidents of one place and type may be and still be suggested. */
export const SUGGESTION_DAYS = 2;
/** At most this many suggestions on a page, the likeliest first. */
export const SUGGESTION_LIMIT = 20;

type Writer = Pick<Db, 'insert'>;

/**
 * Keeps the keyed hashes of a report's online addresses beside the sealed value: in the writer's
 * transaction (the submission's, or the maintenance job's for a report that has none yet).
 */
export async function hashReportAddresses(
  tx: Writer,
  encryption: Pick<Encryption, 'deriveKey'>,
  reportId: string,
  addresses: readonly string[],
) {
  const hashes = onlineAddressHashes(encryption, addresses);
  if (hashes.length === 0) return;
  await tx
    .insert(reportUrlHash)
    .values(hashes.map((hash) => ({ reportId, hash })))
    .onConflictDoNothing();
}

/**
 * Hashes the addresses of reports that have addresses and no hash yet: the reports sent before
 * suggested links, and those of an archive restored from before them (or after a change of the
 * normal form, whose migration empties the table). The addresses are sealed, so this runs in the
 * application, in batches, a few hundred reports at a time; run by the maintenance job. How many
 * reports it hashed.
 */
export async function hashMissingAddresses(
  db: Db,
  encryption: Pick<Encryption, 'openText' | 'deriveKey'>,
  batch = 200,
): Promise<number> {
  let hashed = 0;
  for (;;) {
    const due = await db
      .select({ id: report.id, onlineUrls: report.onlineUrls })
      .from(report)
      .where(
        and(
          isNotNull(report.onlineUrls),
          sql`not exists (select 1 from report_url_hash h where h.report_id = ${report.id})`,
        ),
      )
      .orderBy(asc(report.id))
      .limit(batch);
    for (const row of due) {
      const addresses = JSON.parse(encryption.openText(row.onlineUrls ?? '[]')) as string[];
      // A report erased meanwhile has no addresses left: its row refers to it still, then goes with it.
      await db.transaction(async (tx) => {
        const [still] = await tx
          .select({ id: report.id })
          .from(report)
          .where(and(eq(report.id, row.id), isNotNull(report.onlineUrls)))
          .for('share');
        if (still) await hashReportAddresses(tx, encryption, row.id, addresses);
      });
    }
    hashed += due.length;
    if (due.length < batch) return hashed;
  }
}

export type SuggestedIncidentRow = {
  incidentId: string;
  /** Same municipality, type, and a date at most two days apart. */
  samePlace: boolean;
  /** One of its reports names an online address one of this incident's reports names. */
  sameAddress: boolean;
  incidentDate: string;
  incidentType: IncidentType;
  municipality: string | null;
  counts: boolean;
  reports: number;
  /** Its earliest report: the page that opens it, and the report a link names. */
  firstReportId: string;
};

/**
 * The incidents that may be the same event as `incidentId`: of the same type, in the same
 * municipality (as staff recorded it, compared in lower case), dated at most two days apart; or
 * with a report that names the same online address (by its keyed hash) as one of this incident's
 * reports. Never one dismissed for this pair. Both reasons first, then the nearest dates.
 */
export async function findIncidentSuggestions(
  db: Pick<Db, 'execute'>,
  incidentId: string,
  limit = SUGGESTION_LIMIT,
): Promise<SuggestedIncidentRow[]> {
  const { rows } = await db.execute<{
    incident_id: string;
    same_place: boolean;
    same_address: boolean;
    incident_date: string;
    incident_type: IncidentType;
    municipality: string | null;
    counts: boolean;
    reports: number;
    first_report_id: string;
  }>(sql`
    with me as (
      select i.id, i.incident_type, lower(i.municipality) as place, i.incident_date
        from incident i where i.id = ${incidentId}
    ),
    by_place as (
      select i.id from incident i join me on i.incident_type = me.incident_type
         and lower(i.municipality) = me.place
         and i.incident_date between me.incident_date - ${SUGGESTION_DAYS}::int and me.incident_date + ${SUGGESTION_DAYS}::int
       where i.id <> me.id
    ),
    by_address as (
      select distinct theirs.incident_id as id
        from report mine
        join report_url_hash h1 on h1.report_id = mine.id
        join report_url_hash h2 on h2.hash = h1.hash and h2.report_id <> h1.report_id
        join report theirs on theirs.id = h2.report_id
       where mine.incident_id = ${incidentId} and theirs.incident_id <> ${incidentId}
    ),
    found as (
      select id, bool_or(place) as same_place, bool_or(address) as same_address
        from (select id, true as place, false as address from by_place
              union all select id, false, true from by_address) reasons
       group by id
    )
    select f.id as incident_id, f.same_place, f.same_address,
           to_char(i.incident_date, 'YYYY-MM-DD') as incident_date, i.incident_type, i.municipality, i.counts,
           (select count(*)::int from report r where r.incident_id = i.id) as reports,
           (select r.id from report r where r.incident_id = i.id order by r.created_at, r.id limit 1) as first_report_id
      from found f
      join incident i on i.id = f.id
      cross join me
     where not exists (
       select 1 from incident_link_dismissal d
        where d.incident_a = least(f.id, me.id) and d.incident_b = greatest(f.id, me.id)
     )
     order by (f.same_place and f.same_address) desc, abs(i.incident_date - me.incident_date), i.created_at, i.id
     limit ${limit}
  `);
  return rows
    .filter((row) => row.first_report_id)
    .map((row) => ({
      incidentId: row.incident_id,
      samePlace: row.same_place,
      sameAddress: row.same_address,
      incidentDate: row.incident_date,
      incidentType: row.incident_type,
      municipality: row.municipality,
      counts: row.counts,
      reports: row.reports,
      firstReportId: row.first_report_id,
    }));
}
