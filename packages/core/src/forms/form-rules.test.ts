import { describe, expect, it } from 'vitest';
import { FOLLOW_UP_MESSAGE_MAX_LENGTH } from './follow-up.ts';
import { followUpMessageProblem } from './form-rules.ts';

describe('followUpMessageProblem', () => {
  it('asks for a message when only white space was typed', () => {
    expect(followUpMessageProblem('')).toBe('required');
    expect(followUpMessageProblem(' \n\t ')).toBe('required');
  });

  it('counts the message without its surrounding white space, up to the limit', () => {
    const longest = 'a'.repeat(FOLLOW_UP_MESSAGE_MAX_LENGTH);
    expect(followUpMessageProblem(`  ${longest}  `)).toBeUndefined();
    expect(followUpMessageProblem(`${longest}a`)).toBe('tooLong');
    expect(followUpMessageProblem('Did anyone see it?')).toBeUndefined();
  });
});
