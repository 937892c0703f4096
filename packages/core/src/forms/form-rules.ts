import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from './follow-up.ts';

/**
 * Rules of the public forms that the browser and the server must apply alike, written once here:
 * the page checks before it sends, the server checks again, and both give the same answer.
 */

/**
 * The name of the hidden field that people never see and form-filling bots fill in (the
 * `Honeypot` of apps/web); a submission with it filled is kept apart, quietly.
 */
export const HONEYPOT_FIELD = 'website';

export type FollowUpMessageProblem = 'required' | 'tooLong';

/**
 * What is wrong with a reporter's follow-up message, if anything: nothing left once trimmed, or
 * more than FOLLOW_UP_MESSAGE_MAX_LENGTH characters. The codes are the form's field error codes.
 */
export function followUpMessageProblem(message: string): FollowUpMessageProblem | undefined {
  const length = message.trim().length;
  if (length === 0) return 'required';
  return length > FOLLOW_UP_MESSAGE_MAX_LENGTH ? 'tooLong' : undefined;
}
