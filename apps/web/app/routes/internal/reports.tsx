import { INCIDENT_TYPES } from '@app/core/incident-types';
import { reportFilterFromUrl } from '@app/core/report-filters';
import { REPORT_STATUSES } from '@app/core/statuses';
import { Form, Link } from 'react-router';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { PageLinks } from '../../shared/staff/page-links.tsx';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';
import type { Route } from './+types/reports';

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, 'reports:manage');
  const filter = reportFilterFromUrl(new URL(args.request.url));
  return { list: await staff.reports.list(filter), filter };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { list, filter } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) {
      if (key !== 'page' && value !== undefined && value !== false)
        params.set(key, value === true ? 'yes' : String(value));
    }
    params.set('page', String(page));
    return `?${params}`;
  };
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('casework.listTitle')} · ${t('internal.areaName')}`}</title>
      <h1>{t('casework.listTitle')}</h1>
      <p>{t('casework.listIntro')}</p>
      <Form method="get" className="staff-filters" aria-label={t('casework.filters')}>
        <SelectField
          label={t('casework.status')}
          name="status"
          defaultValue={filter.status}
          options={[
            { value: '', label: t('casework.anyStatus') },
            ...REPORT_STATUSES.map((status) => ({ value: status, label: t(`reportStatus.${status}`) })),
          ]}
        />
        <SelectField
          label={t('casework.type')}
          name="type"
          defaultValue={filter.type}
          options={[
            { value: '', label: t('casework.anyType') },
            ...INCIDENT_TYPES.map((type) => ({ value: type, label: t(`incidentTypes.${type}.label`) })),
          ]}
        />
        <InputField label={t('casework.incidentFrom')} name="from" type="date" defaultValue={filter.from ?? ''} />
        <InputField label={t('casework.incidentTo')} name="to" type="date" defaultValue={filter.to ?? ''} />
        <SelectField
          label={t('casework.reporter')}
          name="anonymous"
          defaultValue={filter.anonymous}
          options={[
            { value: '', label: t('casework.anyReporter') },
            { value: 'yes', label: t('casework.anonymousOnly') },
            { value: 'no', label: t('casework.namedOnly') },
          ]}
        />
        <SelectField
          label={t('casework.files')}
          name="attachments"
          defaultValue={filter.attachments}
          options={[
            { value: '', label: t('casework.anyFiles') },
            { value: 'yes', label: t('casework.withFiles') },
            { value: 'no', label: t('casework.withoutFiles') },
          ]}
        />
        <SelectField
          label={t('casework.spamCheck')}
          name="spamCheck"
          defaultValue={filter.spamCheck}
          options={[
            { value: '', label: t('casework.anyCheck') },
            { value: 'proof-of-work', label: t('casework.withCheck') },
            { value: 'form-token', label: t('casework.withoutCheck') },
          ]}
        />
        <SelectField
          label={t('casework.sort')}
          name="sort"
          defaultValue={filter.sort}
          options={[
            { value: 'received-desc', label: t('casework.sortReceivedDesc') },
            { value: 'received-asc', label: t('casework.sortReceivedAsc') },
            { value: 'incident-desc', label: t('casework.sortIncidentDesc') },
            { value: 'incident-asc', label: t('casework.sortIncidentAsc') },
          ]}
        />
        <div className="choice filters-checkbox">
          <input
            id="reports-quarantined"
            type="checkbox"
            name="quarantined"
            value="yes"
            defaultChecked={filter.quarantined}
          />
          <label htmlFor="reports-quarantined">{t('casework.quarantined')}</label>
        </div>
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('casework.apply')}
          </button>
          <Link to="?">{t('casework.clear')}</Link>
        </div>
      </Form>
      <p role="status">{t('casework.summary', { count: list.total, page: list.page, pages })}</p>
      <p>
        <a className="button button--secondary" href={`/api/internal/exports/reports.csv${pageLink(1)}`} download>
          {t('casework.export')}
        </a>
      </p>
      {list.items.length === 0 ? (
        <p>{t('casework.empty')}</p>
      ) : (
        <TableScroll label={t('casework.listTitle')}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('casework.received')}</th>
                <th scope="col">{t('casework.incidentDate')}</th>
                <th scope="col">{t('casework.type')}</th>
                <th scope="col">{t('casework.status')}</th>
                <th scope="col">{t('casework.reporter')}</th>
                <th scope="col">{t('casework.files')}</th>
                <th scope="col">{t('casework.assignedTo')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link
                      to={`${INTERNAL_PAGES.reports}/${item.id}`}
                      aria-label={t('casework.open', { date: formatDateTime(item.receivedAt, language) })}
                    >
                      {formatDateTime(item.receivedAt, language)}
                    </Link>
                  </th>
                  <td>{formatDay(item.incidentDate, language)}</td>
                  <td>{t(`incidentTypes.${item.incidentType}.label`)}</td>
                  <td>
                    {t(`reportStatus.${item.status}`)}
                    {item.isPublished && <span className="tag">{t('casework.published')}</span>}
                  </td>
                  <td>
                    {item.isAnonymous ? t('dashboard.anonymous') : t('dashboard.named')}
                    {item.spamCheck === 'form-token' && <span className="tag">{t('casework.withoutCheck')}</span>}
                  </td>
                  <td>{formatNumber(item.attachmentCount, language)}</td>
                  <td>{item.assignedTo ?? <span className="muted">{t('casework.nobody')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PageLinks
        page={list.page}
        pages={pages}
        href={pageLink}
        labels={{ nav: t('casework.pagination'), previous: t('casework.previous'), next: t('casework.next') }}
      />
    </main>
  );
}
