import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { quickExit } from '../lib/quick-exit.ts';
import { useSite } from '../lib/use-site.ts';

/** Two presses of Esc within this time leave the site. */
const DOUBLE_ESCAPE_MS = 1_000;

/**
 * Always visible on public pages: one press leaves the site for a neutral page. Without JavaScript
 * it is a plain link to that page; with it, the page is also removed from the tab's history, and
 * pressing Esc twice does the same.
 */
export function QuickExitButton() {
  const { t } = useTranslation();
  const url = useSite()?.quickExitUrl;

  useEffect(() => {
    if (!url) return;
    let lastEscape = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const now = Date.now();
      if (now - lastEscape < DOUBLE_ESCAPE_MS) quickExit(url);
      lastEscape = now;
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [url]);

  if (!url) return null;
  return (
    <a
      className="quick-exit"
      href={url}
      rel="noreferrer noopener"
      aria-describedby="quick-exit-description"
      onClick={(event) => {
        event.preventDefault();
        quickExit(url);
      }}
    >
      <span aria-hidden="true" className="quick-exit__icon">
        ✕
      </span>
      {t('quickExit.label')}
      <span id="quick-exit-description" className="visually-hidden">
        {t('quickExit.description')}
      </span>
    </a>
  );
}
