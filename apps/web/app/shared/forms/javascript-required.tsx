import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';

/**
 * Forms need JavaScript (their spam check runs in the browser). They are in the server's HTML, so
 * a browser that runs JavaScript paints them at once (no jump when React takes over; root.tsx's
 * inline script holds back a submission made before then). Without JavaScript the form is hidden
 * (`[data-js]` is never set) and the page says why and offers the email address instead.
 */
export function JavaScriptRequired({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const email = useSite()?.email ?? '';
  return (
    <>
      <div className="needs-javascript">{children}</div>
      <noscript>
        <p className="form-failure">{t('forms.needsJavaScript', { email })}</p>
      </noscript>
    </>
  );
}
