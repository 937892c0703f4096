import { CASEWORK_FIELDS } from './policy-fields/casework-fields.ts';
import { HANDLING_FIELDS } from './policy-fields/handling-fields.ts';
import type { PolicyField } from './policy-fields/policy-field.ts';
import { REPORTER_FIELDS } from './policy-fields/reporter-fields.ts';

/**
 * Everything the site keeps about a report, its incident, its reply notice and a contact message,
 * and every answer a reporter can give to the sharing question, each under a stable id that the
 * privacy policy names (decision 0045).
 *
 * The policy in every language marks, under the heading of the section that explains an item, the
 * ids it covers: `<!-- covers: report.description report.place -->` (the marker is removed before
 * the page is drawn and before the spell check reads the text). `policy-fields.test.ts` (in
 * apps/server) fails when a column of one of `POLICY_TABLES`, or of any table that points to them,
 * is named by no item, and when an item is not marked in the same section of every language's
 * `privacy.md`. A new column therefore cannot ship until the policy says what it is, in five languages.
 *
 * An item without columns is a processing that stores nothing of its own (a pack, a referral, a
 * backup) or a value of a column (the three answers to the sharing question).
 */
export type { PolicyField } from './policy-fields/policy-field.ts';

/** The tables whose every column an item must name; tables that point to them join by the test's rule. */
export const POLICY_TABLES = ['report', 'incident', 'contact_message', 'audit_event'] as const;

/**
 * Tables that point to a report or an incident but hold nothing about a person or a case: the
 * test leaves them out by name, each with its reason, so that leaving one out is a decision.
 */
export const POLICY_EXEMPT_TABLES: Readonly<Record<string, string>> = {};

/** Every item, in the order the people who keep this list read it. */
export const POLICY_FIELDS: readonly PolicyField[] = [...REPORTER_FIELDS, ...CASEWORK_FIELDS, ...HANDLING_FIELDS];

/** The ids, in the list's order. */
export const POLICY_FIELD_IDS: readonly string[] = POLICY_FIELDS.map((field) => field.id);

/** The marker a policy section carries: `<!-- covers: id id … -->`, on a line of its own. */
export const POLICY_MARKER = /<!--\s*covers:([^>]*?)-->/g;

/** The ids named by the markers of a text. */
export function markedFieldIds(markdown: string): string[] {
  return [...markdown.matchAll(POLICY_MARKER)].flatMap((match) => (match[1] ?? '').trim().split(/\s+/).filter(Boolean));
}

/** A policy's Markdown without its markers, as the page shows it and the spell check reads it. */
export function withoutPolicyMarkers(markdown: string): string {
  return markdown.replace(/^[ \t]*<!--\s*covers:[^>]*?-->[ \t]*\n?/gm, '').replace(POLICY_MARKER, '');
}
