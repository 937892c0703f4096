let isLeaving = false;

/**
 * Leaves the site at once for the neutral page, replacing the current page in the tab's history so
 * that the Back button does not bring it back. Forms check `isQuickExiting()` so that they do not
 * hold the visitor back with an "unsaved changes" question.
 */
export function quickExit(url: string) {
  isLeaving = true;
  document.body.style.visibility = 'hidden';
  document.title = '';
  window.location.replace(url);
}

export function isQuickExiting(): boolean {
  return isLeaving;
}
