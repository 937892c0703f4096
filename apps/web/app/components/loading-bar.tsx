import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';

/** Waiting this long before showing the bar keeps fast navigations free of flicker. */
const SHOW_AFTER_MS = 150;

/**
 * The spec's progress bar in the accent colour above the page while a client-side navigation
 * loads (it creeps towards the end with CSS, and goes when the page is there), with the same
 * news for screen readers in a polite live region. The bar itself is decoration.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isLoading = navigation.state !== 'idle';
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setIsShown(false);
      return;
    }
    const timer = setTimeout(() => setIsShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [isLoading]);
  return (
    <>
      {isShown && <div className="loading-bar" aria-hidden="true" />}
      <div className="visually-hidden" role="status">
        {isLoading ? t('loading') : ''}
      </div>
    </>
  );
}
