import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { LanguageForm } from './language-form.tsx';

/** The frame of the sign-in pages: the organisation, the language choice and one card. */
export function AuthShell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="staff-auth">
      <header className="staff-auth__header">
        <p className="site-name">
          {site?.organisationName} · {t('internal.areaName')}
        </p>
        <LanguageForm />
      </header>
      <main id="main" className="staff-auth__card" tabIndex={-1}>
        <title>{`${title} · ${t('internal.areaName')}`}</title>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
