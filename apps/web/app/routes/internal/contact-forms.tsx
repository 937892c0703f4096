import { SPAM_CHECKS } from '@app/core/plain-forms';
import { pageFromQuery } from '@app/core/query-params';
import { MESSAGE_STATUSES, type MessageStatus } from '@app/core/statuses';
import { Form, Link, NavLink, useSearchParams } from 'react-router';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { SelectField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { PageLinks } from '../../shared/staff/page-links.tsx';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';
import type { Route } from './+types/contact-forms';

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args, 'messages:manage');
  const params = new URL(args.request.url).searchParams;
  const status = MESSAGE_STATUSES.find((candidate) => candidate === params.get('status')) ?? 'new';
  const page = pageFromQuery(params.get('page'));
  // Only the messages sent with, or without, the automatic check (JavaScript off, decision 0021).
  const spamCheck = SPAM_CHECKS.find((candidate) => candidate === params.get('spamCheck'));
  return { inbox: await staff.messages.list({ status, page, spamCheck }), status, spamCheck };
}

export default function ContactForms({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { inbox, status, spamCheck } = loaderData;
  const pages = Math.max(1, Math.ceil(inbox.total / inbox.pageSize));
  const [params] = useSearchParams();
  const link = (target: MessageStatus, page = 1) =>
    `?${new URLSearchParams({ status: target, ...(spamCheck ? { spamCheck } : {}), page: String(page) })}`;
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('inbox.title')} · ${t('internal.areaName')}`}</title>
      <h1>{t('inbox.title')}</h1>
      <p>{t('inbox.intro')}</p>
      {params.get('deleted') === '1' && (
        <FormAlert tone="success">
          <p>{t('inbox.deleted')}</p>
        </FormAlert>
      )}
      <nav aria-label={t('inbox.tabs')} className="staff-tabs">
        <ul>
          {MESSAGE_STATUSES.map((option) => (
            <li key={option}>
              <NavLink to={link(option)} aria-current={option === status ? 'page' : undefined} end>
                {t(`inbox.tab_${option}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="staff-filters" aria-label={t('casework.filters')}>
        <input type="hidden" name="status" value={status} />
        <SelectField
          label={t('casework.spamCheck')}
          name="spamCheck"
          defaultValue={spamCheck ?? ''}
          options={[
            { value: '', label: t('casework.anyCheck') },
            { value: 'proof-of-work', label: t('casework.withCheck') },
            { value: 'form-token', label: t('casework.withoutCheck') },
          ]}
        />
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('casework.apply')}
          </button>
          {spamCheck && <Link to={link(status)}>{t('casework.clear')}</Link>}
        </div>
      </Form>
      <p role="status">{t('inbox.summary', { count: inbox.total, page: inbox.page, pages })}</p>
      {inbox.items.length === 0 ? (
        <p>{t('inbox.empty')}</p>
      ) : (
        <TableScroll label={t('inbox.title')}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t('inbox.received')}</th>
                <th scope="col">{t('inbox.sender')}</th>
                <th scope="col">{t('inbox.message')}</th>
              </tr>
            </thead>
            <tbody>
              {inbox.items.map((item) => (
                <tr key={item.id} className={item.status === 'new' ? 'is-unread' : undefined}>
                  <td>{formatDateTime(item.receivedAt, language)}</td>
                  <th scope="row">
                    <Link
                      to={`${INTERNAL_PAGES.contactForms}/${item.id}`}
                      aria-label={t('inbox.open', { name: item.senderName })}
                    >
                      {item.senderName}
                    </Link>
                    {item.spamCheck === 'form-token' && <span className="tag">{t('casework.withoutCheck')}</span>}
                  </th>
                  <td className="user-text">{item.preview}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PageLinks
        page={inbox.page}
        pages={pages}
        href={(page) => link(status, page)}
        labels={{ nav: t('inbox.pagination'), previous: t('inbox.previous'), next: t('inbox.next') }}
      />
    </main>
  );
}
