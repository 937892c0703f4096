import type { ReportListFilter } from '@app/core/casework/casework-api';
import { UNCLASSIFIED } from '@app/core/casework/classification';
import { AppError } from '@app/core/errors/app-error';
import { isUuid } from '@app/core/site/ids';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { incident, report } from '../../db/schema.ts';
import type { Tx } from '../operation-context.ts';

export const REPORTS_PAGE_SIZE = 25;
export const EXPORT_LIMIT = 100_000;

export const ATTACHMENT_COUNT = sql<number>`(select count(*)::int from report_attachment a where a.report_id = "report"."id")`;
/** Whether the report's incident is published (decision 0037: one publication per incident). */
/** The English names of the tags of the report's incident, in the order they were made. */
export const TAG_NAMES = sql<
  string[]
>`array(select t.names ->> 'en' from incident_tag_link l join incident_tag t on t.id = l.tag_id
  where l.incident_id = "report"."incident_id" order by t.created_at, t.id)`;
export const IS_PUBLISHED = sql<boolean>`exists (select 1 from public_incident p where p.incident_id = "report"."incident_id")`;

/** The conditions and order of the report list, shared by its pages and its CSV export. */
export function listQuery(filter: ReportListFilter) {
  const conditions: SQL[] = [eq(report.isQuarantined, filter.quarantined === true)];
  if (filter.status) conditions.push(eq(report.status, filter.status));
  if (filter.type) conditions.push(eq(report.incidentType, filter.type));
  if (filter.from) conditions.push(gte(report.incidentDate, filter.from));
  if (filter.to) conditions.push(lte(report.incidentDate, filter.to));
  if (filter.spamCheck) conditions.push(eq(report.spamCheck, filter.spamCheck));
  if (filter.source) conditions.push(eq(report.source, filter.source));
  if (filter.anonymous) conditions.push(eq(report.isAnonymous, filter.anonymous === 'yes'));
  const incidentColumn = (column: string) =>
    sql.raw(`(select i.${column} from incident i where i.id = "report"."incident_id")`);
  const classified = (column: string, value: string | undefined) => {
    if (!value) return;
    conditions.push(
      value === UNCLASSIFIED ? sql`${incidentColumn(column)} is null` : sql`${incidentColumn(column)} = ${value}`,
    );
  };
  classified('category', filter.category);
  classified('target', filter.target);
  classified('known_through', filter.knownThrough);
  classified('place_type', filter.placeType);
  if (filter.manifestation === UNCLASSIFIED) {
    conditions.push(sql`cardinality(${incidentColumn('manifestations')}) = 0`);
  } else if (filter.manifestation) {
    conditions.push(
      sql`exists (select 1 from incident i where i.id = "report"."incident_id" and ${filter.manifestation} = any(i.manifestations))`,
    );
  }
  if (filter.tag) {
    // An id that is no tag matches nothing.
    conditions.push(
      isUuid(filter.tag)
        ? sql`exists (select 1 from incident_tag_link l where l.incident_id = "report"."incident_id" and l.tag_id = ${filter.tag})`
        : sql`false`,
    );
  }
  if (filter.warning) {
    // The incidents an early warning counted (decision 0052); an id that is no warning matches nothing.
    conditions.push(
      isUuid(filter.warning)
        ? sql`exists (select 1 from early_warning_incident w where w.incident_id = "report"."incident_id" and w.warning_id = ${filter.warning})`
        : sql`false`,
    );
  }
  if (filter.attachments) {
    conditions.push(filter.attachments === 'yes' ? sql`${ATTACHMENT_COUNT} > 0` : sql`${ATTACHMENT_COUNT} = 0`);
  }
  const order = {
    'received-desc': [desc(report.createdAt)],
    'received-asc': [asc(report.createdAt)],
    'incident-desc': [desc(report.incidentDate), desc(report.createdAt)],
    'incident-asc': [asc(report.incidentDate), asc(report.createdAt)],
  }[filter.sort];
  return { where: and(...conditions), order };
}

/**
 * The report, locked until the transaction ends: every rule checked on it (its status, whether
 * it is published) stays true until the change is written. `NOT_FOUND` for an id that is no report.
 */
export async function lockReport(tx: Tx, id: string) {
  const [row] = isUuid(id) ? await tx.select().from(report).where(eq(report.id, id)).for('update').limit(1) : [];
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** How often a report that moved to another incident while it was being locked is looked up again. */
const LOCK_TRIES = 3;

/**
 * The report and its incident, both locked until the transaction ends, the incident first. Every
 * writer that changes what an incident counts locks in this order (status changes, publication,
 * link and split, and the trigger that keeps `incident.counts`), so two of them never wait for each
 * other in a circle. A report moved into another incident meanwhile is looked up again; one that
 * keeps moving is `casework.conflict`. `NOT_FOUND` for an id that is no report.
 */
export async function lockReportAndIncident(tx: Tx, id: string) {
  for (let attempt = 0; attempt < LOCK_TRIES; attempt += 1) {
    const [seen] = isUuid(id)
      ? await tx.select({ incidentId: report.incidentId }).from(report).where(eq(report.id, id)).limit(1)
      : [];
    if (!seen) throw new AppError('NOT_FOUND');
    const [lockedIncident] = await tx
      .select()
      .from(incident)
      .where(eq(incident.id, seen.incidentId))
      .for('update')
      .limit(1);
    const row = await lockReport(tx, id);
    if (lockedIncident && row.incidentId === lockedIncident.id) return { report: row, incident: lockedIncident };
  }
  throw new AppError('casework.conflict');
}
