import { useTranslation } from '../../i18n/use-translation.ts';

export type SectionKey = 'reports' | 'contactForms' | 'content' | 'stats';

/** A section whose screens come with the casework release; its route guards it like any other page. */
export function UpcomingSection({ section }: { section: SectionKey }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t(`sections.${section}.title`)} · ${t('internal.areaName')}`}</title>
      <h1>{t(`sections.${section}.title`)}</h1>
      <p className="lead">{t(`sections.${section}.intro`)}</p>
      <p>{t('sections.comingNext')}</p>
    </main>
  );
}
