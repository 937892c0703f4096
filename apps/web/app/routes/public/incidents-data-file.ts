import {
  CATEGORY_COLUMNS,
  categoryDocumentation,
  categoryRows,
  MONTHLY_COLUMNS,
  monthlyRows,
  type OpenDataLabels,
  PROVINCE_COLUMNS,
  provinceRows,
  toCsv,
} from '@app/core/figures/open-data';
import { languageFromPath } from '@app/locales/languages';
import { appContext } from '../../context.ts';
import { figureT } from '../../i18n/messages.server.ts';
import { DATA_FILES, type DataFile, localizedPath } from '../../paths.ts';
import type { Route } from './+types/incidents-data-file';

/**
 * The open data files (`/incidents/data/monthly.csv`…, in every language): the protected figures
 * the pages show, one row per cell, with the licence and the date they hold. Kept by the page
 * cache like the pages, so they change with the same revision.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = DATA_FILES.find((candidate) => candidate === params.file) as DataFile | undefined;
  if (!file) throw new Response('Not found', { status: 404 });
  const language = languageFromPath(new URL(request.url).pathname);
  const { publicIncidents, site, publicUrl } = context.get(appContext);
  const figures = await publicIncidents.figures();
  const t = figureT(language);
  const labels: OpenDataLabels = {
    type: (code) => t(`incidentTypes.${code}.label`),
    province: (code) => t(`figures.provinces.${code}`),
    category: (code) => t(`figures.categories.${code}`),
    total: t('figures.total'),
  };
  const [name, extension] = file.split('.') as ['monthly' | 'provinces' | 'categories', 'csv' | 'json'];
  const rows =
    name === 'monthly'
      ? monthlyRows(figures, labels)
      : name === 'provinces'
        ? provinceRows(figures, labels)
        : categoryRows(figures, labels);
  const headers = {
    'Content-Disposition': `inline; filename="incidents-${name}-${language}-${figures.asOf}.${extension}"`,
    'Cache-Control': 'no-cache',
  };
  if (extension === 'csv') {
    const columns = name === 'monthly' ? MONTHLY_COLUMNS : name === 'provinces' ? PROVINCE_COLUMNS : CATEGORY_COLUMNS;
    return new Response(toCsv(columns, rows), { headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } });
  }
  const body = {
    title: t(`pages.incidentsData.${name}File`),
    publisher: site.organisationName,
    source: `${publicUrl}${localizedPath('incidentsData', language)}`,
    language,
    asOf: figures.asOf,
    licence: site.openDataLicence,
    smallCellThreshold: figures.threshold,
    // Decision 0054: what each category covers and its CST and RIAS names, beside the rows.
    ...(name === 'categories'
      ? {
          categories: categoryDocumentation(figures, {
            label: (code) => t(`figures.categories.${code}`),
            description: (code) => t(`pages.incidentsData.categoryDescriptions.${code}`),
          }),
        }
      : {}),
    rows,
  };
  return new Response(`${JSON.stringify(body, null, 1)}\n`, {
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
