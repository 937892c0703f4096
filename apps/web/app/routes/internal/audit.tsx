import { dayFromQuery, pageFromQuery } from '@app/core/query-params';
import { AUDIT_ACTIONS, isAuditAction } from '@app/core/staff';
import { Form, Link } from 'react-router';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InputField, SelectField } from '../../shared/forms/input-fields.tsx';
import { PageLinks } from '../../shared/staff/page-links.tsx';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';
import type { Route } from './+types/audit';

export async function loader(args: Route.LoaderArgs) {
  const { audit } = await requireStaff(args, 'audit:view');
  const params = new URL(args.request.url).searchParams;
  const action = params.get('action') ?? '';
  const actorId = params.get('actor') ?? '';

  const filter = {
    action: isAuditAction(action) ? action : undefined,
    actorId: actorId || undefined,
    from: dayFromQuery(params.get('from')),
    to: dayFromQuery(params.get('to')),
    page: pageFromQuery(params.get('page')),
  };
  const [log, members] = await Promise.all([audit.list(filter), audit.actors()]);
  return { log, members, filter };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { log, members, filter } = loaderData;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (filter.action) params.set('action', filter.action);
    if (filter.actorId) params.set('actor', filter.actorId);
    if (filter.from) params.set('from', filter.from);
    if (filter.to) params.set('to', filter.to);
    params.set('page', String(page));
    return `?${params}`;
  };
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('audit.title')} · ${t('internal.areaName')}`}</title>
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <Form method="get" className="staff-filters" aria-label={t('audit.filters')}>
        <SelectField
          label={t('audit.action')}
          name="action"
          defaultValue={filter.action}
          options={[
            { value: '', label: t('audit.anyAction') },
            ...AUDIT_ACTIONS.map((action) => ({
              value: action,
              label: t(`audit.actions.${action.replaceAll('.', '_')}`),
            })),
          ]}
        />
        <SelectField
          label={t('audit.actor')}
          name="actor"
          defaultValue={filter.actorId}
          options={[
            { value: '', label: t('audit.anyActor') },
            ...members.map((member) => ({ value: member.id, label: member.name })),
          ]}
        />
        <InputField label={t('audit.from')} name="from" type="date" defaultValue={filter.from ?? ''} />
        <InputField label={t('audit.to')} name="to" type="date" defaultValue={filter.to ?? ''} />
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('audit.apply')}
          </button>
          <Link to="?">{t('audit.clear')}</Link>
        </div>
      </Form>
      <p role="status">{t('audit.summary', { count: log.total, page: log.page, pages })}</p>
      {log.entries.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <TableScroll label={t('audit.title')}>
          <table className="staff-table">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.subject')}</th>
                <th scope="col">{t('audit.details')}</th>
              </tr>
            </thead>
            <tbody>
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.occurredAt, language)}</td>
                  <td>
                    {entry.actor
                      ? entry.actor.name
                      : entry.actorKind === 'command-line'
                        ? t('audit.commandLine')
                        : t('audit.unknownActor')}
                  </td>
                  <td>{t(`audit.actions.${entry.action.replaceAll('.', '_')}`)}</td>
                  <td>
                    {entry.subjectLabel ??
                      (entry.subjectId ? `${entry.subjectType} ${entry.subjectId.slice(0, 8)}` : '')}
                  </td>
                  <td dir="ltr" className="audit-details">
                    {Object.entries(entry.details)
                      .map(([key, value]) => `${key}: ${value}`)
                      .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PageLinks
        page={log.page}
        pages={pages}
        href={pageLink}
        labels={{ nav: t('audit.pagination'), previous: t('audit.previous'), next: t('audit.next') }}
      />
    </main>
  );
}
