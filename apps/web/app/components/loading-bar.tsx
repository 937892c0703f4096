import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';

/** Waiting this long before showing the bar keeps fast navigations free of flicker. */
const SHOW_AFTER_MS = 150;

// nprogress's own template marks the bar role="bar", which is not an ARIA role (axe: aria-roles);
// the bar is decoration, and the live region below tells screen readers.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 200,
  minimum: 0.1,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

/**
 * The spec's progress bar in the accent colour above the page while a client-side navigation
 * loads, with the same news for screen readers in a polite live region.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isLoading = navigation.state !== 'idle';
  useEffect(() => {
    if (!isLoading) {
      NProgress.done();
      return;
    }
    const timer = setTimeout(() => NProgress.start(), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);
  return (
    <div className="visually-hidden" role="status">
      {isLoading ? t('loading') : ''}
    </div>
  );
}
