import type { RefObject } from 'react';

/**
 * Moves the focus to an element that a state update is about to show, such as the error summary
 * after a check. React may render it a frame or two later than the check ends (the first check
 * waits for the validation to load, and its update then comes outside the click), so this waits
 * for the element, for at most about half a second.
 */
export function focusWhenShown(ref: RefObject<HTMLElement | null>, framesLeft = 30) {
  requestAnimationFrame(() => {
    if (ref.current) ref.current.focus();
    else if (framesLeft > 0) focusWhenShown(ref, framesLeft - 1);
  });
}
