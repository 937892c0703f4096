import { AppError } from './app-error.ts';
import {
  type CodeOf,
  codeIn,
  type ErrorSection,
  type FieldErrorCode,
  isFieldErrorCode,
  isServerFailureCode,
  nameIn,
  type SectionCode,
  type ServerFailureCode,
} from './error-codes.ts';
import type { FieldErrors } from './field-errors.ts';

/*
 * From a zod parse that did not pass to the one failure (docs/decisions/0034-one-error-model.md).
 * Our schemas' messages are codes of the catalogue: a message that is not one is a mistake in a
 * schema, never the client's, so it is thrown as a fault (a 500, logged) and never passed on as
 * a code.
 */

/** What this module reads of a zod error: its issues. */
type Issue = {
  readonly code?: string;
  readonly message: string;
  readonly path?: readonly PropertyKey[];
  readonly keys?: readonly string[];
};
export type SchemaProblem = { readonly issues: readonly Issue[] };

/**
 * A schema whose message names no code of its section: a fault of ours. Its message says which
 * section and which kind of zod issue, never the issue's own text or path (either may repeat
 * what the client sent).
 */
export class SchemaMessageError extends Error {
  constructor(section: ErrorSection, issue: Issue | undefined) {
    super(`a schema's message is no code of the ${section} section (zod issue: ${issue?.code ?? 'none'})`);
    this.name = 'SchemaMessageError';
  }
}

/** The sections a staff form's schema writes its messages in: one sentence per refusal. */
export type FormSection = Exclude<ErrorSection, 'api' | 'field' | 'followUp'>;

/**
 * The field problems of a form of many fields: one code per field (the first problem found). A
 * problem with one item of a list field goes to that item's own form field when `itemFields`
 * names it (`onlineUrls[2]` → `onlineUrl3`). A field the form does not have is `unknownField`; a
 * value of the wrong kind that its schema gave no code for (a number where the form sends text,
 * no object at all) is `invalidChoice`, the client's doing. Any other message that is no field
 * code is a fault (`SchemaMessageError`).
 */
export function toFieldErrors(
  error: SchemaProblem,
  itemFields: Readonly<Record<string, (index: number) => string>> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) errors[key] ??= 'unknownField';
      continue;
    }
    const [name, index] = issue.path ?? [];
    const itemField = typeof index === 'number' ? itemFields[String(name)] : undefined;
    const field = itemField && typeof index === 'number' ? itemField(index) : String(name ?? '');
    errors[field] ??= fieldCode(issue);
  }
  return errors;
}

function fieldCode(issue: Issue): FieldErrorCode {
  if (isFieldErrorCode(issue.message)) return issue.message;
  if (issue.code === 'invalid_type') return 'invalidChoice';
  throw new SchemaMessageError('field', issue);
}

/**
 * The failure a parse that did not pass stands for. `field`: a form of many fields,
 * `VALIDATION_FAILED` with each field's code (`toFieldErrors`). Any other section: a staff form
 * that shows one sentence, the section's code of the first issue (`casework.noteRequired`).
 */
export function schemaFailure(section: 'field' | FormSection, error: SchemaProblem): AppError {
  if (section === 'field') return new AppError('VALIDATION_FAILED', { fields: toFieldErrors(error) });
  return new AppError(sectionCode(section, error));
}

/** The first issue's code as its section writes it (`noteRequired`), for a form checked in the browser. */
export function firstIssueCode<S extends FormSection>(section: S, error: SchemaProblem): CodeOf<S> {
  return nameIn(section, sectionCode(section, error)) as CodeOf<S>;
}

/** The section's code the first issue names (`noteRequired` or `casework.noteRequired`), with a status. */
function sectionCode<S extends FormSection>(section: S, error: SchemaProblem): SectionCode<S> & ServerFailureCode {
  const [issue] = error.issues;
  const code = codeIn(section, issue?.message);
  if (code === undefined || !isServerFailureCode(code)) throw new SchemaMessageError(section, issue);
  return code;
}

/**
 * The data of a parse, or its failure thrown: what an operation writes instead of checking
 * `success` itself.
 */
export function parsedOrThrow<T>(
  section: 'field' | FormSection,
  result: { success: true; data: T } | { success: false; error: SchemaProblem },
): T {
  if (result.success) return result.data;
  throw schemaFailure(section, result.error);
}
