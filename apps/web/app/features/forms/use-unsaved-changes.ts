import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { isQuickExiting } from '../../lib/quick-exit.ts';

/**
 * Asks before the page is left while the form holds unsent input: for links inside the site (a
 * dialog in the page's language) and for closing or reloading the tab (the browser's own question).
 * Never for the quick exit: someone at risk must not be held back.
 */
export function useUnsavedChanges(hasUnsavedInput: boolean) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedInput && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('forms.leaveConfirmation'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

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
