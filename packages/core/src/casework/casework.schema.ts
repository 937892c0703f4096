import { LANGUAGE_CODES, type Language } from '@app/locales/languages';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from '../forms/follow-up.ts';
import { z } from '../forms/zod.ts';
import { isUuid } from '../site/ids.ts';
import {
  ARRONDISSEMENT_PROVINCES,
  ARRONDISSEMENTS,
  type Arrondissement,
  DATE_PRECISIONS,
  DEFAULT_DATE_PRECISION,
  DEFAULT_PLACE_PRECISION,
  PLACE_PRECISIONS,
  type PlacePrecision,
} from './arrondissements.ts';
import {
  INCIDENT_CATEGORIES,
  INCIDENT_MANIFESTATIONS,
  INCIDENT_TARGETS,
  KNOWN_THROUGH,
  PLACE_TYPES,
  TAG_NAME_MAX_LENGTH,
} from './classification.ts';
import {
  MUNICIPALITY_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  PUBLIC_SUMMARY_MAX_LENGTH,
  REJECTION_REASONS,
} from './report-workflow.ts';
import { ERASURE_REFUSAL_REASONS } from './reporter-control.ts';
import { MESSAGE_STATUSES, PROVINCES, type Province, REPORT_STATUSES } from './statuses.ts';

/**
 * The inputs of the staff operations on reports and messages, as the staff pages' forms send them.
 * The server's operations parse with these and nothing else; messages are error codes
 * (`casework.errors.<code>`).
 */

/** A municipality as staff type it: spaces tidied, required, at most 80 characters. */
const municipality = z
  .string('municipalityRequired')
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'municipalityRequired').max(MUNICIPALITY_MAX_LENGTH, 'municipalityRequired'));

/** An arrondissement as a form sends it: empty for none. */
const arrondissement = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null)
  .pipe(z.enum(ARRONDISSEMENTS, 'invalidChoice').nullable());

const placeFields = {
  municipality,
  province: z.enum(PROVINCES, 'invalidChoice'),
  arrondissement,
};

/** An arrondissement lies in the province recorded beside it (the database checks it too, decision 0047). */
function checkArrondissement(
  value: { province: Province; arrondissement: Arrondissement | null },
  context: z.RefinementCtx,
) {
  if (value.arrondissement && ARRONDISSEMENT_PROVINCES[value.arrondissement] !== value.province) {
    context.addIssue({ code: 'custom', path: ['arrondissement'], message: 'arrondissementNotInProvince' });
  }
}

/**
 * Where an incident happened, as staff record it on verification and publication: a municipality,
 * its province and (decision 0047) its arrondissement, which old incidents and a place elsewhere in
 * Belgium go without.
 */
export const placeSchema = z.object(placeFields).superRefine(checkArrondissement);

/**
 * A status change. `from` is the status the page showed: if another member changed it since, the
 * change is refused with `conflict` instead of overwriting their decision.
 */
export const reportStatusChangeSchema = z
  .object({
    from: z.enum(REPORT_STATUSES, 'conflict'),
    to: z.enum(REPORT_STATUSES, 'invalidChoice'),
    // `duplicate` is retired (decision 0037): a report that repeats another is linked into its incident.
    reason: z.enum(REJECTION_REASONS, 'reasonRequired').optional(),
    municipality: z.string().optional(),
    province: z.string().optional(),
    arrondissement: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (value.to !== 'rejected') return;
    if (!value.reason) context.addIssue({ code: 'custom', path: ['reason'], message: 'reasonRequired' });
  });
/** What a page sends: plain strings, which the operation parses (never cast). */
export type ReportStatusChangeInput = {
  from: string;
  to: string;
  reason?: string;
  municipality?: string;
  province?: string;
  arrondissement?: string;
};

/**
 * A report as staff name it in a form: its number (the id under its page's title), or the address
 * of its page, pasted whole. Undefined for anything else.
 */
export function reportReference(text: string): string | undefined {
  const value = text.trim().toLowerCase();
  if (isUuid(value)) return value;
  const inAddress = /\/internal\/reports\/([0-9a-f-]{36})(?:[/?#.]|$)/.exec(value)?.[1];
  return inAddress && isUuid(inAddress) ? inAddress : undefined;
}

/** The incident the page showed the report in: if it moved since, the change is a `conflict`. */
const shownIncident = z.string().refine(isUuid, 'conflict');

/** Linking a report into the incident of another report, named by its number (decision 0037). */
export const incidentLinkSchema = z.object({
  from: shownIncident,
  target: z.string('linkReportNotFound').transform((value, context) => {
    const id = reportReference(value);
    if (!id) context.addIssue({ code: 'custom', message: 'linkReportNotFound' });
    return id ?? '';
  }),
});
/** What the link form sends. */
export type IncidentLinkInput = { from: string; target: string };

/** Splitting a report out of its incident into an incident of its own. */
export const incidentSplitSchema = z.object({ from: shownIncident });
export type IncidentSplitInput = { from: string };

/** A suggested link dismissed (decision 0043): the incident the page showed, and the one suggested. */
export const incidentDismissalSchema = z.object({ from: shownIncident, other: shownIncident });
export type IncidentDismissalInput = { from: string; other: string };
/** A choice that may be left unrecorded: '' (the form's "not recorded") becomes null. */
const optionalChoice = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(values, 'invalidChoice').nullable(),
  );

/** Each value once, in the order given. */
const once = <T>(values: T[]) => [...new Set(values)];

/**
 * The staff's classification of a report's incident (decision 0044). `incident` and `revision` are
 * what the page showed: if someone changed the incident since, the change is a `conflict`. A
 * category and at least one manifestation are required; target, how known and place type may stay
 * unrecorded; tags are ids of the admins' list, which the operation checks.
 */
export const classificationSchema = z.object({
  incident: shownIncident,
  revision: z.coerce.number('conflict').int('conflict').min(1, 'conflict'),
  category: z.enum(INCIDENT_CATEGORIES, 'categoryRequired'),
  manifestations: z
    .array(z.enum(INCIDENT_MANIFESTATIONS, 'invalidChoice'), 'manifestationRequired')
    .min(1, 'manifestationRequired')
    .transform(once),
  target: optionalChoice(INCIDENT_TARGETS),
  knownThrough: optionalChoice(KNOWN_THROUGH),
  placeType: optionalChoice(PLACE_TYPES),
  tags: z.array(z.string().refine(isUuid, 'unknownTag'), 'unknownTag').max(100, 'unknownTag').transform(once),
});
/** What the classification form sends: plain strings, which the operation parses. */
export type ClassificationInput = {
  incident: string;
  revision: string;
  category: string;
  manifestations: string[];
  target: string;
  knownThrough: string;
  placeType: string;
  tags: string[];
};

/** A tag's name in one language, as an admin types it: spaces tidied, 1 to 60 characters. */
const tagName = z
  .string('nameRequired')
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'nameRequired').max(TAG_NAME_MAX_LENGTH, 'nameTooLong'));

/** A tag's name in each of the five languages. */
export const tagNamesSchema = z.object({
  names: z.object(
    Object.fromEntries(LANGUAGE_CODES.map((code) => [code, tagName])) as Record<Language, typeof tagName>,
  ),
});
/** What the tag forms send. */
export type TagNamesInput = { names: Record<string, string> };

/** A change to a tag names the revision the page showed: if someone changed it since, `conflict`. */
export const tagRevisionSchema = z.coerce.number('conflict').int('conflict').min(1, 'conflict');

/** Assigning a report to a member, or to nobody ('' or null). */
export const assignmentSchema = z.object({
  staffId: z
    .string()
    .nullable()
    .transform((value) => value || null),
});

export const noteSchema = z.object({
  body: z.string().trim().min(1, 'noteRequired').max(NOTE_MAX_LENGTH, 'noteTooLong'),
});

export const replySchema = z.object({
  body: z.string().trim().min(1, 'replyRequired').max(FOLLOW_UP_MESSAGE_MAX_LENGTH, 'replyTooLong'),
});

/**
 * A publication: the place, a summary in at least the language it was written in, and how
 * precisely the public list shows the date and the place (decision 0047). Left out, the precision
 * is the form's default: month, and arrondissement when one is recorded (else province). A finer
 * place than the province needs the arrondissement.
 */
export const publicationSchema = z
  .object({
    ...placeFields,
    datePrecision: z.enum(DATE_PRECISIONS, 'invalidChoice').default(DEFAULT_DATE_PRECISION),
    placePrecision: z.enum(PLACE_PRECISIONS, 'invalidChoice').optional(),
    originalLanguage: z.enum(LANGUAGE_CODES as [Language, ...Language[]], 'summaryRequired'),
    summaries: z.record(z.string(), z.string()).transform((summaries) => {
      const kept: Record<string, string> = {};
      for (const language of LANGUAGE_CODES) {
        const text = summaries[language]?.trim();
        if (text) kept[language] = text;
      }
      return kept;
    }),
  })
  .superRefine((value, context) => {
    checkArrondissement(value, context);
    if (value.placePrecision && value.placePrecision !== 'province' && !value.arrondissement) {
      context.addIssue({ code: 'custom', path: ['arrondissement'], message: 'arrondissementRequired' });
    }
    if (!value.summaries[value.originalLanguage]) {
      context.addIssue({ code: 'custom', path: ['summaries'], message: 'summaryRequired' });
    }
    if (Object.values(value.summaries).some((text) => text.length > PUBLIC_SUMMARY_MAX_LENGTH)) {
      context.addIssue({ code: 'custom', path: ['summaries'], message: 'summaryTooLong' });
    }
  });
/** What the publish form sends: plain strings, which the operation parses. */
export type PublicationInput = {
  municipality: string;
  province: string;
  arrondissement?: string;
  datePrecision?: string;
  placePrecision?: string;
  originalLanguage: string;
  summaries: Record<string, string>;
};

/** A contact message's new status (archive, back to the inbox). */
export const messageStatusSchema = z.object({ status: z.enum(MESSAGE_STATUSES, 'invalidChoice') });

/** The place precision a publication is shown at: the one chosen, else the default the place allows. */
export function placePrecisionOf(publication: {
  placePrecision?: PlacePrecision | undefined;
  arrondissement: Arrondissement | null;
}): PlacePrecision {
  return publication.placePrecision ?? (publication.arrondissement ? DEFAULT_PLACE_PRECISION : 'province');
}

/** Staff's answer to a request for erasure. */
export const erasureAnswerSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({ answer: z.literal('erase') }),
    z.object({ answer: z.literal('refuse'), reason: z.enum(ERASURE_REFUSAL_REASONS, 'erasureReasonRequired') }),
  ],
  'invalidChoice',
);
