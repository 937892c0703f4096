import type { CodeOf } from '../errors/error-codes.ts';
import type { IncidentType } from '../forms/incident-types.ts';
import { z } from '../forms/zod.ts';
import { isUuid } from '../site/ids.ts';
import type { ReporterIdentity } from './casework-api.ts';
import type { RejectionReason } from './report-workflow.ts';
import type { Province, ReportStatus } from './statuses.ts';

/**
 * The evidence pack (issue 18, decision 0026): what a coordinator hands to the police or to Unia
 * about one report. The form on the report's page sends these fields; the operation
 * (`operations/reports/produce-evidence-pack.ts`) parses them with this schema and nothing else.
 */

export const PACK_RECIPIENTS = ['police', 'unia'] as const;
export type PackRecipient = (typeof PACK_RECIPIENTS)[number];

/** The recipients read Dutch, French or English: the pack's own words are in one of these. */
export const PACK_LANGUAGES = ['nl', 'fr', 'en'] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];

/** Which messages of the thread with the reporter go in: none, all, or those staff picked. */
export const PACK_MESSAGE_CHOICES = ['none', 'all', 'picked'] as const;
export type PackMessageChoice = (typeof PACK_MESSAGE_CHOICES)[number];

/** A print-ready page (opened in a new tab) or a zip with the page, the files and a manifest. */
export const PACK_FORMATS = ['page', 'zip'] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

/** What goes wrong with a pack request; the sentences are `casework.evidencePack.errors.<code>`. */
export type EvidencePackErrorCode = CodeOf<'evidencePack'>;

/** The largest pack (the files' plaintext, summed): what a classic zip's 32-bit offsets can hold, with room to spare. */
export const PACK_MAX_BYTES = 3.5 * 1024 ** 3;

/** A checkbox as a form sends it: "on" (or "true"/"yes") when ticked, absent otherwise. */
const ticked = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === 'yes');

const ids = z
  .array(z.string('unknownItem').trim().toLowerCase(), 'unknownItem')
  .max(1_000, 'unknownItem')
  .refine((values) => values.every(isUuid), 'unknownItem')
  .transform((values) => [...new Set(values)]);

export const evidencePackSchema = z
  .object({
    recipient: z.enum(PACK_RECIPIENTS, 'invalidChoice'),
    language: z.enum(PACK_LANGUAGES, 'invalidChoice'),
    format: z.enum(PACK_FORMATS, 'invalidChoice'),
    messages: z.enum(PACK_MESSAGE_CHOICES, 'invalidChoice'),
    /** The messages picked (only read with `messages: 'picked'`). */
    messageIds: ids,
    /** The files that go in (the form lists every file, all ticked at first). */
    fileIds: ids,
    /** For a reporter who answered "ask me first" (or was never asked): the coordinator asked them and they said yes. */
    askedReporter: ticked,
    /** The coordinator's tick: put the reporter's identity in (only ever honoured with consent). */
    includeIdentity: ticked,
  })
  .superRefine((value, context) => {
    if (value.messages === 'picked' && value.messageIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['messageIds'], message: 'noMessagesPicked' });
    }
  });

export type EvidencePackRequest = z.infer<typeof evidencePackSchema>;

/** What a page sends: plain strings and lists of strings, which the operation parses (never casts). */
export type EvidencePackInput = {
  recipient: string;
  language: string;
  format: string;
  messages: string;
  messageIds: string[];
  fileIds: string[];
  askedReporter?: string | boolean;
  includeIdentity?: string | boolean;
};

/**
 * Whether the reporter's answer lets the report leave the organisation at all (decision 0048, as the
 * privacy policy promises): "yes" does; "ask me first" does once the coordinator asked and was told
 * yes, and so does no answer (a report sent before the question), which the policy treats as "ask
 * me first"; "no" never does, not even without the reporter's name. The refusal is a code of the
 * `evidencePack` section, which referrals share.
 */
export function consentToPassOn(
  consent: string | null,
  askedReporter: boolean,
): { allowed: true } | { allowed: false; code: 'consentRefused' | 'askFirst' } {
  if (consent === 'yes') return { allowed: true };
  if (consent === 'no') return { allowed: false, code: 'consentRefused' };
  return askedReporter ? { allowed: true } : { allowed: false, code: 'askFirst' };
}

/**
 * Whether the reporter's answer lets their identity go with a pack that may leave: "yes", or "ask
 * me first" (or no answer) once the coordinator asked and was told yes. The coordinator's own tick
 * is asked for besides.
 */
export function consentAllowsIdentity(consent: string | null, askedReporter: boolean): boolean {
  return consentToPassOn(consent, askedReporter).allowed;
}

/**
 * What an evidence pack says, field by field, as the server's presenter
 * (`operations/presenters/evidence-pack-presenter.ts`) builds it.
 */
export type EvidencePackDocument = {
  packId: string;
  producedAt: string;
  organisationName: string;
  recipient: PackRecipient;
  language: PackLanguage;
  report: {
    id: string;
    receivedAt: string;
    language: string;
    status: ReportStatus;
    rejectionReason: RejectionReason | null;
    incidentType: IncidentType;
    incidentDate: string;
    incidentTime: string | null;
    /** The reporter's own words, as written. */
    location: string;
    description: string;
    calledPolice: boolean;
    policeReportNumber: string | null;
    calledOrganisation: boolean;
    medicalTreatment: boolean;
    municipality: string | null;
    province: Province | null;
  };
  messageChoice: PackMessageChoice;
  timeline: PackEvent[];
  files: PackFileEntry[];
  /** Present only when the reporter consented and the coordinator confirmed. */
  identity: (ReporterIdentity & { consent: 'yes' | 'ask-first' }) | null;
};

export type PackEvent =
  | { kind: 'received'; at: string }
  | { kind: 'status'; at: string; from: ReportStatus; to: ReportStatus; reason: RejectionReason | null }
  | {
      kind: 'message';
      at: string;
      author: 'reporter' | 'staff' | 'system';
      /** The words as written; null for the automatic acknowledgement. */
      body: string | null;
      /** The numbers (in the pack's file list) of this message's files that are in the pack. */
      fileNumbers: number[];
    };

export type PackFileEntry = {
  number: number;
  /** The file's path inside the zip: generated, never the name the reporter's file had. */
  packName: string;
  attachmentId: string;
  contentType: string;
  /** Of the plaintext: what the recipient holds. */
  size: number;
  sha256: string;
  /** The message it came with, and when, rather than with the report itself. */
  messageId: string | null;
  messageAt: string | null;
  isImage: boolean;
  /**
   * False for a PDF received before PDFs were cleaned (decision 0031): it may still carry its
   * author's name or other metadata, and the pack says so beside it.
   */
  metadataRemoved: boolean;
};

/** A pack the operation produced and recorded, ready to be sent (`http/evidence-pack.routes.ts`). */
export type ProducedEvidencePack = {
  /** A generated name without extension: the date and a random reference, nothing from the report. */
  baseName: string;
  format: PackFormat;
  document: EvidencePackDocument;
  /**
   * The plaintext of one of the pack's files, read from storage when the caller reaches it, and
   * checked against the fingerprint the pack already states (a file that changed since is an error).
   */
  readFile(file: PackFileEntry): Promise<Uint8Array>;
};
