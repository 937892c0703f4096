import { useTranslation } from '../../i18n/use-translation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useSite } from '../../lib/use-site.ts';

/**
 * Forms appear once the page runs JavaScript (their spam check needs it). Without it, a native
 * submission could put what was typed into an address bar; the page says so and offers the email.
 */
export function JavaScriptRequired({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const email = useSite()?.email ?? '';
  const isHydrated = useHydrated();
  if (isHydrated) return <>{children}</>;
  return (
    <noscript>
      <p className="form-failure">{t('forms.needsJavaScript', { email })}</p>
    </noscript>
  );
}
