import { AppError } from '@app/core/errors/app-error';
import { overviewFigures } from '@app/core/figures/public-figures';
import type { ShownDate, ShownPlace } from '@app/core/figures/public-list';
import { FEWER } from '@app/core/figures/small-cells';
import { INCIDENT_TYPES } from '@app/core/forms/incident-types';
import { pageFromQuery } from '@app/core/site/query-params';
import { isLanguage, languageInfo } from '@app/locales/languages';
import { Form, Link } from 'react-router';
import { EditedText } from '../../components/edited-text.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { editedContent } from '../../content/site-content.server.ts';
import { appContext } from '../../context.ts';
import figuresStylesheet from '../../features/public-figures/figures.css?url';
import { FiguresOverview } from '../../features/public-figures/figures-overview.tsx';
import { formatDay, formatMonth } from '../../i18n/dates.ts';
import { figureMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { localizedPath } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import type { Route } from './+types/incidents';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const base = loadPublicPage(args, 'incidents');
  const params = new URL(args.request.url).searchParams;
  const type = (INCIDENT_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') ?? '')
    : '';
  const page = pageFromQuery(params.get('page'));
  const { publicIncidents } = args.context.get(appContext);
  const [incidents, all] = await Promise.all([
    publicIncidents.page({ language: base.language, type, page }),
    publicIncidents.figures(),
  ]);
  // A page past the last one does not exist (and is not kept by the page cache): a 404.
  if (page > 1 && (page - 1) * incidents.pageSize >= incidents.total) throw new AppError('NOT_FOUND');
  const edited = await editedContent(args.context, base.language, ['howYouCanHelp']);
  return {
    ...base,
    incidents,
    figures: overviewFigures(all),
    type,
    edited,
    // The types' names (the filter, the list, the charts), the figures' texts and the names of the
    // arrondissements the list shows.
    messages: figureMessagesFor(base.language, {
      arrondissements: incidents.items.flatMap((item) =>
        item.place.precision === 'arrondissement' ? [item.place.code] : [],
      ),
    }),
  };
});

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: figuresStylesheet }];

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

const WAYS_TO_HELP = ['report', 'support', 'document', 'share'] as const;

/**
 * The public overview: the number of verified incidents of the last 30 days (shown only when there
 * is at least one), the incidents staff published with the summary they wrote, and the figures
 * (monthly trend, provinces and types against last year) as server-drawn SVG with their tables.
 * Readable without JavaScript: the type filter and the pages are plain links and a GET form.
 */
export default function IncidentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <IncidentsContent data={loaderData} />
    </MessagesScope>
  );
}

function IncidentsContent({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const { incidents, language, type } = data;
  const pages = Math.max(1, Math.ceil(incidents.total / incidents.pageSize));
  const placeName = (place: ShownPlace) =>
    place.precision === 'municipality'
      ? place.name
      : place.precision === 'arrondissement'
        ? t('pages.incidents.arrondissementOf', { name: t(`figures.arrondissements.${place.code}`) })
        : t(`figures.provinces.${place.code}`);
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(type ? { type } : {}), page: String(page) })}`;
  return (
    <>
      <PageIntro page="incidents" />
      <section aria-labelledby="count-title" className="section">
        <h2 id="count-title">{t('pages.incidents.countTitle')}</h2>
        {incidents.countLast30Days === FEWER ? (
          // Under the small-cell rule (decision 0022): 1 or 2 could point to a person.
          <p className="incident-count" data-count-fewer-than={incidents.threshold}>
            <RichText
              template={t('pages.incidents.verifiedCountFewer', { k: incidents.threshold })}
              components={{ value: (text) => <span className="incident-count__value">{text}</span> }}
            />
          </p>
        ) : incidents.countLast30Days > 0 ? (
          // The figure as a number too: a language may write it in words (Hebrew: "אירוע מאומת אחד").
          <p className="incident-count" data-count={incidents.countLast30Days}>
            <RichText
              template={t('pages.incidents.verifiedCount', { count: incidents.countLast30Days })}
              components={{ value: (text) => <span className="incident-count__value">{text}</span> }}
            />
          </p>
        ) : (
          <p>{t('pages.incidents.countNone')}</p>
        )}
      </section>
      <section aria-labelledby="recent-title" className="section">
        <h2 id="recent-title">{t('pages.incidents.recentTitle')}</h2>
        <Form method="get" className="incident-filter">
          <label htmlFor="incident-type">{t('pages.incidents.filterLabel')}</label>
          <select id="incident-type" name="type" defaultValue={type} className="input">
            <option value="">{t('pages.incidents.allTypes')}</option>
            {INCIDENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`incidentTypes.${option}.label`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary">
            {t('pages.incidents.filterApply')}
          </button>
        </Form>
        <p className="muted">{t('pages.incidents.precisionNote', { k: incidents.threshold })}</p>
        {incidents.items.length === 0 ? (
          <p>{type ? t('pages.incidents.noneOfType') : t('pages.incidents.noneYet')}</p>
        ) : (
          <ul className="incident-list">
            {incidents.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a server-rendered page of a fixed list; public items carry no id (a report's id stays internal)
              <li key={`${item.date.value}-${index}`} className="incident-card">
                <p className="incident-card__meta">
                  <ShownDateText date={item.date} language={language} />
                  {' · '}
                  <span>{t(`incidentTypes.${item.incidentType}.label`)}</span>
                  {' · '}
                  <span>{placeName(item.place)}</span>
                </p>
                <p
                  lang={item.summaryLanguage ?? undefined}
                  dir={isLanguage(item.summaryLanguage) ? languageInfo(item.summaryLanguage).dir : undefined}
                >
                  {item.summary}
                </p>
                {item.summaryLanguage && <p className="muted">{t('pages.incidents.summaryOriginal')}</p>}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t('pages.incidents.pagination')} className="pagination">
            {incidents.page > 1 && <Link to={pageLink(incidents.page - 1)}>{t('pages.incidents.newer')}</Link>}
            <span>{t('pages.incidents.pageOf', { page: incidents.page, pages })}</span>
            {incidents.page < pages && <Link to={pageLink(incidents.page + 1)}>{t('pages.incidents.older')}</Link>}
          </nav>
        )}
      </section>
      <FiguresOverview figures={data.figures} language={language} />
      <section aria-labelledby="help-title" className="section">
        <h2 id="help-title">{t('pages.incidents.howToHelpTitle')}</h2>
        {data.edited.howYouCanHelp ? (
          <EditedText html={data.edited.howYouCanHelp.html} />
        ) : (
          <ul className="checklist">
            {WAYS_TO_HELP.map((way) => (
              <li key={way}>{t(`pages.incidents.howToHelp.${way}`)}</li>
            ))}
          </ul>
        )}
        <p>
          <Link className="button button--primary" to={localizedPath('incidentReport', language)}>
            {t('pages.incidents.reportButton')}
          </Link>
        </p>
      </section>
    </>
  );
}

/**
 * A date at the precision staff chose (decision 0047): a day, "week of <its Monday>", or a month
 * and year. `dateTime` holds no more than the text: a month as YYYY-MM, a week as its ISO week.
 */
function ShownDateText({ date, language }: { date: ShownDate; language: string }) {
  const { t } = useTranslation();
  if (date.precision === 'day') return <time dateTime={date.value}>{formatDay(date.value, language, 'long')}</time>;
  if (date.precision === 'month') return <time dateTime={date.value}>{formatMonth(date.value, language, 'long')}</time>;
  return <span>{t('pages.incidents.weekOf', { date: formatDay(date.value, language, 'long') })}</span>;
}
