/** Every length and count limit of the forms, named once and used by the browser and the server. */
export const NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_MAX_LENGTH = 300;
export const LOCATION_MAX_LENGTH = 300;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const POLICE_REPORT_NUMBER_MAX_LENGTH = 60;
export const CONTACT_MESSAGE_MAX_LENGTH = 5_000;

export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The whole multipart body of a report: the files plus room for the fields. */
export const MAX_REPORT_BODY_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 512 * 1024;
/** The JSON part of a report (all text fields together, with room for JSON escaping). */
export const MAX_REPORT_PAYLOAD_BYTES = 64 * 1024;
export const MAX_CONTACT_BODY_BYTES = 32 * 1024;

/** The fields of a report that identify its reporter (left out entirely when anonymous). */
export const PERSONAL_FIELDS = ['firstName', 'lastName', 'phone', 'email', 'address'] as const;

/** Attachment types, sniffed from the content: photos and PDF documents. */
export const ATTACHMENT_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;

/** The length limit of each text field, by field name (for messages that name the limit). */
export const FIELD_MAX_LENGTHS: Readonly<Record<string, number>> = {
  firstName: NAME_MAX_LENGTH,
  lastName: NAME_MAX_LENGTH,
  phone: PHONE_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  address: ADDRESS_MAX_LENGTH,
  location: LOCATION_MAX_LENGTH,
  description: DESCRIPTION_MAX_LENGTH,
  policeReportNumber: POLICE_REPORT_NUMBER_MAX_LENGTH,
  message: CONTACT_MESSAGE_MAX_LENGTH,
};
