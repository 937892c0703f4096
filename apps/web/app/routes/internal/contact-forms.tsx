import type { InboxItem } from '@app/core/casework/inbox-api';
import { MESSAGE_STATUSES, type MessageStatus } from '@app/core/casework/statuses';
import { filterQuery, MESSAGE_FILTERS, readFilters } from '@app/core/staff/list-filters';
import { Link, NavLink, useSearchParams } from 'react-router';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { dateColumn } from '../../shared/staff/list/columns.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { FilterForm } from '../../shared/staff/list/filter-form.tsx';
import { PagedList } from '../../shared/staff/list/paged-list.tsx';
import { spamCheckControl } from '../../shared/staff/list/spam-check.ts';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/contact-forms';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const staff = await requireStaff(args, 'messages:manage');
  const filter = readFilters(MESSAGE_FILTERS, new URL(args.request.url).searchParams);
  return { inbox: await staff.messages.list(filter), filter };
});

export default function ContactForms({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { inbox, filter } = loaderData;
  const [params] = useSearchParams();
  const link = (status: MessageStatus, page = 1) => filterQuery(MESSAGE_FILTERS, { ...filter, status }, page);
  const columns: Column<InboxItem>[] = [
    dateColumn(t('inbox.received'), 'receivedAt', language),
    {
      header: t('inbox.sender'),
      isRowHeader: true,
      cell: (item) => (
        <>
          <Link
            to={`${INTERNAL_PAGES.contactForms}/${item.id}`}
            aria-label={t('inbox.open', { name: item.senderName })}
          >
            {item.senderName}
          </Link>
          {item.spamCheck === 'form-token' && <span className="tag">{t('casework.withoutCheck')}</span>}
        </>
      ),
    },
    { header: t('inbox.message'), className: 'user-text', cell: (item) => item.preview },
  ];
  return (
    <StaffPage title={t('inbox.title')} intro={t('inbox.intro')}>
      {params.get('deleted') === '1' && (
        <FormAlert tone="success">
          <p>{t('inbox.deleted')}</p>
        </FormAlert>
      )}
      <nav aria-label={t('inbox.tabs')} className="staff-tabs">
        <ul>
          {MESSAGE_STATUSES.map((option) => (
            <li key={option}>
              <NavLink to={link(option)} aria-current={option === filter.status ? 'page' : undefined} end>
                {t(`inbox.tab_${option}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <FilterForm
        id="inbox"
        label={t('casework.filters')}
        schema={MESSAGE_FILTERS}
        values={filter}
        controls={{ status: { hidden: true }, spamCheck: spamCheckControl(t) }}
        apply={t('casework.apply')}
        clear={filter.spamCheck && { label: t('casework.clear'), to: link(filter.status) }}
      />
      <PagedList list={inbox} messages="inbox" href={(page) => link(filter.status, page)}>
        <DataTable
          label={t('inbox.title')}
          columns={columns}
          rows={inbox.items}
          rowKey={(item) => item.id}
          rowClassName={(item) => (item.status === 'new' ? 'is-unread' : undefined)}
          empty={t('inbox.empty')}
        />
      </PagedList>
    </StaffPage>
  );
}
