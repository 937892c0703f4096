import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isQuickExiting } from '../../lib/quick-exit.ts';

/**
 * Asks before the page is left while the form holds unsent input: for links inside the site (a
 * dialog in the page's language) and for closing or reloading the tab (the browser's own question).
 * Never for the quick exit: someone at risk must not be held back. `question` is the dialog's
 * translation key.
 */
export function useUnsavedChanges(hasUnsavedInput: boolean, question = 'forms.leaveConfirmation') {
  const { t } = useTranslation();
  // React Router installs a new blocker function only in an effect: a click right after typing
  // could still meet the old one. A stable function reading the latest state cannot be late.
  const isUnsaved = useRef(hasUnsavedInput);
  isUnsaved.current = hasUnsavedInput;
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => isUnsaved.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t(question))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t, question]);

  useEffect(() => {
    if (!hasUnsavedInput) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isQuickExiting()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedInput]);
}
