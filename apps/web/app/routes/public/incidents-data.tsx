import { equivalentsOf } from '@app/core/figures/open-data';
import { FIGURE_CATEGORIES, overviewFigures } from '@app/core/figures/public-figures';
import { PageIntro } from '../../components/page-intro.tsx';
import { appContext } from '../../context.ts';
import figuresStylesheet from '../../features/public-figures/figures.css?url';
import { formatDay } from '../../i18n/dates.ts';
import { figureMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { useSite } from '../../lib/use-site.ts';
import { dataFilePath } from '../../paths.ts';
import type { Route } from './+types/incidents-data';

export async function loader(args: Route.LoaderArgs) {
  const base = loadPublicPage(args, 'incidentsData');
  const { publicIncidents, site } = args.context.get(appContext);
  const { asOf, threshold } = overviewFigures(await publicIncidents.figures());
  return {
    ...base,
    asOf,
    threshold,
    // Sent rather than imported, so that the page's script shares no module with the figures' pages.
    categories: FIGURE_CATEGORIES,
    licence: site.openDataLicence,
    messages: figureMessagesFor(base.language),
  };
}

// The files' list is styled with the figures.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: figuresStylesheet }];

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

/**
 * A column name or status code, in a <bdi>: in a Hebrew or Yiddish sentence, "status: exact, fewer"
 * would otherwise run together left to right and read backwards; isolated, each code keeps its own
 * order and the sentence's colon and commas take the sentence's direction.
 */
const code = (text: string) => (
  <bdi dir="ltr">
    <code>{text}</code>
  </bdi>
);

/** The files' column names and status codes: fixed, the same in every language. */
const COLUMNS = {
  asOf: 'as_of',
  month: 'month',
  year: 'year',
  from: 'from',
  to: 'to',
  type: 'type',
  province: 'province',
  typeLabel: 'type_label',
  provinceLabel: 'province_label',
  countColumn: 'count',
  status: 'status',
  exact: 'exact',
  fewer: 'fewer_than_k',
  withheld: 'withheld',
  category: 'category',
  categoryLabel: 'category_label',
  cstColumn: 'cst_category',
  riasColumn: 'rias_category',
  unclassified: 'unclassified',
};

/** The other monitors' names (decision 0054), the same in every language. */
const MONITORS = { cst: 'CST', rias: 'RIAS' };

/** A Latin name in a sentence of any direction: isolated, in its own language. */
const name = (text: string, lang = 'en') => (
  <bdi dir="ltr" lang={lang}>
    {text}
  </bdi>
);

/** /incidents/data: what the figures count, how they are protected, the licence and the files. */
export default function IncidentsDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <IncidentsData data={loaderData} />
    </MessagesScope>
  );
}

function IncidentsData({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const { language, threshold: k } = data;
  const files = [
    { name: 'monthly', csv: 'monthly.csv', json: 'monthly.json' },
    { name: 'provinces', csv: 'provinces.csv', json: 'provinces.json' },
    { name: 'categories', csv: 'categories.csv', json: 'categories.json' },
  ] as const;
  return (
    <>
      <PageIntro page="incidentsData" />
      <section aria-labelledby="counted-title" className="section">
        <h2 id="counted-title">{t('pages.incidentsData.countedTitle')}</h2>
        <p>{t('pages.incidentsData.counted')}</p>
      </section>
      <section aria-labelledby="protection-title" className="section">
        <h2 id="protection-title">{t('pages.incidentsData.protectionTitle')}</h2>
        <p>{t('pages.incidentsData.protection', { k, max: k - 1 })}</p>
      </section>
      <section aria-labelledby="files-title" className="section">
        <h2 id="files-title">{t('pages.incidentsData.filesTitle')}</h2>
        <p>{t('pages.incidentsData.filesLead', { date: formatDay(data.asOf, language, 'long') })}</p>
        <ul className="data-files">
          {files.map((file) => (
            <li key={file.name}>
              <span>{t(`pages.incidentsData.${file.name}File`)}</span>{' '}
              <a href={dataFilePath(file.csv, language)} download>
                CSV
              </a>{' '}
              <a href={dataFilePath(file.json, language)} download>
                JSON
              </a>
            </li>
          ))}
        </ul>
        <h3>{t('pages.incidentsData.columnsTitle')}</h3>
        <ul>
          {(['columnPeriod', 'columnCodes', 'columnCount', 'columnStatus', 'columnCategory'] as const).map((key) => (
            <li key={key}>
              <RichText
                template={t(`pages.incidentsData.${key}`, { max: k - 1 })}
                values={{ ...COLUMNS, ...MONITORS }}
                components={{ code, name }}
              />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="categories-title" className="section section--wide">
        <h2 id="categories-title">{t('pages.incidentsData.categoriesTitle')}</h2>
        <p>
          <RichText template={t('pages.incidentsData.categoriesLead')} values={MONITORS} components={{ name }} />
        </p>
        <dl>
          {data.categories.map((category) => {
            const equivalent = equivalentsOf(category);
            return (
              <div key={category}>
                <dt>
                  {t(`figures.categories.${category}`)} {code(category)}
                </dt>
                <dd>{t(`pages.incidentsData.categoryDescriptions.${category}`)}</dd>
                {equivalent.cst && equivalent.rias && (
                  <dd>
                    {name(MONITORS.cst)}: {name(equivalent.cst)}; {name(MONITORS.rias)}: {name(equivalent.rias, 'de')}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </section>
      <section aria-labelledby="licence-title" className="section">
        <h2 id="licence-title">{t('pages.incidentsData.licenceTitle')}</h2>
        <p>
          <RichText
            template={t('pages.incidentsData.licence', { organisation })}
            values={{ licence: data.licence.name }}
            components={{ licence: (text) => <a href={data.licence.url}>{text}</a> }}
          />
        </p>
      </section>
    </>
  );
}
