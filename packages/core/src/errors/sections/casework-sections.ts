/** The sections of the error catalogue (error-codes.ts) for casework on a report and what hangs from it. */

import type { Codes } from './public-sections.ts';

/** Casework on a report. */
export const CASEWORK = {
  invalidTransition: 400,
  reasonRequired: 400,
  noteRequired: 400,
  noteTooLong: 400,
  /** Only a verified report can be published. */
  notVerified: 400,
  municipalityRequired: 400,
  /** Decision 0047: the arrondissement chosen is not in the province chosen. */
  arrondissementNotInProvince: 400,
  /** Decision 0047: a place shown by municipality or arrondissement needs the arrondissement. */
  arrondissementRequired: 400,
  summaryRequired: 400,
  summaryTooLong: 400,
  publishedFirstUnpublish: 400,
  /** The chosen assignee is not an enabled member who may read reports. */
  staffNotFound: 400,
  invalidChoice: 400,
  replyRequired: 400,
  replyTooLong: 400,
  noReceipt: 400,
  /** Link (decision 0037): no report has the number given for the other report. */
  linkReportNotFound: 400,
  /** Link: the other report is in this report's incident already. */
  linkSameIncident: 400,
  /** Split: the report is the only report of its incident. */
  alreadyAlone: 400,
  /**
   * Link or split: the incident the report leaves is published and would be left empty or with no
   * verified report; it must be unpublished first.
   */
  incidentPublished: 400,
  /** A legal hold (decision 0040): its reason, none to lift or review, already erased. */
  holdReasonRequired: 400,
  holdReasonTooLong: 400,
  holdAlreadySet: 409,
  noHold: 409,
  alreadyErased: 400,
  /** Classification (decision 0044): a category, at least one manifestation, tags from the admins' list. */
  categoryRequired: 400,
  manifestationRequired: 400,
  /** A tag that is not on the admins' list, or disabled and not already on the incident. */
  unknownTag: 400,
  /** Verifying a report whose incident has no category: classify the incident first. */
  classifyFirst: 400,
  /** A reporter's request for erasure (decision 0046): none waits for an answer, or a legal hold stands. */
  noErasureRequest: 409,
  erasureHeld: 409,
  erasureReasonRequired: 400,
  /** Someone else changed the report first: the page shows the current state. */
  conflict: 409,
} as const satisfies Codes;

/** An evidence pack's form (decision 0026); the route sends the page back with the code. */
export const EVIDENCE_PACK = {
  invalidChoice: 400,
  /** "Picked messages" with none picked. */
  noMessagesPicked: 400,
  /** A message or file id that is not this report's (a page older than the thread, or a forged form). */
  unknownItem: 400,
  /** The retention job erased the report's texts and files: there is nothing left to hand over. */
  erased: 400,
  /** More than a zip without ZIP64 can hold: pick fewer files. */
  tooLarge: 400,
  /** The reporter withdrew their consent to pass the report on (decision 0046): nothing more leaves. */
  consentWithdrawn: 400,
  /** The reporter answered "no" (decision 0048): the report does not leave, not even without their name. */
  consentRefused: 400,
  /** "Ask me first", or no answer: the coordinator has not recorded that they asked and were told yes. */
  askFirst: 400,
} as const satisfies Codes;

/** Reminders on a report (decision 0028). */
export const REMINDERS = {
  dateRequired: 400,
  dateInvalid: 400,
  dateInPast: 400,
  noteRequired: 400,
  noteTooLong: 400,
  /** The reminder is gone (removed by someone else) or belongs to another report. */
  notFound: 404,
  /** Someone else marked it done or removed it first. */
  conflict: 409,
} as const satisfies Codes;

/** Search across sealed text and saved views of the report list (decision 0055). */
export const SEARCH = {
  /** No word of two letters or more to look for. */
  noWords: 400,
  tooLong: 400,
  tooManyWords: 400,
  viewNameRequired: 400,
  viewNameTooLong: 400,
  /** The member has as many saved views as allowed: delete one first. */
  tooManyViews: 400,
  /** The member has a view of that name already. */
  viewNameTaken: 409,
  /** None of this member's views has that id (another member's, or deleted meanwhile). */
  viewNotFound: 404,
  /** A search to page through that is not this member's, or older than `SEARCH_HANDLE_MINUTES`. */
  searchExpired: 404,
} as const satisfies Codes;

/** Early warnings (decision 0052). */
export const WARNINGS = {
  /** No early warning has that id. */
  notFound: 404,
  /** The warning grew since the page showed it: the page shows the new count. */
  conflict: 409,
} as const satisfies Codes;

/** The partner directory and referrals (decision 0050); consent refusals stay `evidencePack` codes (decision 0048). */
export const REFERRALS = {
  nameRequired: 400,
  nameTooLong: 400,
  contactTooLong: 400,
  acceptsTooLong: 400,
  /** A kind, status, outcome or way of agreeing that is not one of the list. */
  invalidChoice: 400,
  /** No partner has that id. */
  partnerNotFound: 404,
  /** The partner was disabled: a new referral cannot name it. */
  partnerDisabled: 400,
  /** A referral names the evidence pack that went with it: make one first. */
  packRequired: 400,
  /** The pack named is not one of this report's. */
  unknownPack: 400,
  /** The reporter's agreement needs both its day and how it was given. */
  agreementIncomplete: 400,
  /** The day of the agreement is not a date, or lies in the future. */
  agreementDateInvalid: 400,
  referenceTooLong: 400,
  /** Once the partner answered, the referral cannot go back to "sent". */
  backToSent: 400,
  /** An outcome is recorded once the partner answered. */
  outcomeTooEarly: 400,
  /** The retention job erased the report's texts and files: nothing is left to refer. */
  erased: 400,
  /** No referral of this report has that id. */
  notFound: 404,
  /** Someone else changed the partner or the referral first. */
  conflict: 409,
  /** The partner's first answer: not a date, or a day in the future. */
  answerDateInvalid: 400,
  /** The partner's first answer cannot come before the day the referral was sent. */
  answerBeforeSent: 400,
} as const satisfies Codes;

/** Support given on a report (decision 0053). */
export const SUPPORT = {
  /** A need or a provider kind that is not one of the list. */
  invalidChoice: 400,
  descriptionRequired: 400,
  descriptionTooLong: 400,
  /** A service needs the member or the partner who gave it. */
  providerRequired: 400,
  /** The member named is not an enabled member of staff. */
  memberNotFound: 400,
  /** No partner has that id, or it was disabled. */
  partnerNotFound: 400,
  /** The day is not a date, or lies in the future. */
  dateInvalid: 400,
  /** A service answers a need the report has: record the need first. */
  needNotRaised: 400,
  /** A need with services given cannot be taken off. */
  needInUse: 400,
  planTooLong: 400,
  /** The report's personal data was erased: nothing more is written about the person. */
  erased: 400,
  /** Someone else changed the needs or the safety plan first. */
  conflict: 409,
  /** Withdrawing a service needs the reason it was a mistake. */
  withdrawalReasonRequired: 400,
  withdrawalReasonTooLong: 400,
  /** The report has no such service. */
  serviceNotFound: 404,
  /** The service was withdrawn already (by someone else, meanwhile). */
  alreadyWithdrawn: 409,
} as const satisfies Codes;
