import { AppError } from '@app/core/errors/app-error';
import { yearFigures } from '@app/core/figures/public-figures';
import { appContext } from '../../context.ts';
import figuresStylesheet from '../../features/public-figures/figures.css?url';
import { YearSummary } from '../../features/public-figures/year-summary.tsx';
import { figureMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { yearlyPath } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import type { Route } from './+types/incidents-year';

/** /incidents/2026: one year's summary; a year without verified incidents (or not a year) is a 404. */
export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const year = /^\d{4}$/.test(args.params.year) ? Number(args.params.year) : Number.NaN;
  const all = await args.context.get(appContext).publicIncidents.figures();
  const figures = Number.isNaN(year) ? undefined : yearFigures(all, year);
  if (!figures) throw new AppError('NOT_FOUND');
  const values = { year: String(year), previous: String(year - 1) };
  const base = loadPublicPage(args, 'incidents', {
    key: 'incidentsYear',
    path: (language) => yearlyPath(year, language),
    values,
  });
  return { ...base, figures, values, messages: figureMessagesFor(base.language) };
});

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: figuresStylesheet }];

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function IncidentsYearPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <YearIntro values={loaderData.values} />
      <YearSummary figures={loaderData.figures} language={loaderData.language} />
    </MessagesScope>
  );
}

function YearIntro({ values }: { values: { year: string; previous: string } }) {
  const { t } = useTranslation();
  return (
    <header className="page-intro">
      <h1>{t('pages.incidentsYear.title', values)}</h1>
      <p className="lead">{t('pages.incidentsYear.lead', values)}</p>
      <p className="print-hint">
        <button type="button" className="button button--secondary print-button" onClick={() => window.print()}>
          {t('pages.print')}
        </button>
      </p>
    </header>
  );
}
