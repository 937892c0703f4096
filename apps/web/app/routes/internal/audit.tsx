import { AUDIT_FILTERS, filterQuery, readFilters } from '@app/core/staff/list-filters';
import type { AuditEntry } from '@app/core/staff/staff-api';
import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { type Column, DataTable } from '../../shared/staff/list/data-table.tsx';
import { FilterForm } from '../../shared/staff/list/filter-form.tsx';
import { PagedList } from '../../shared/staff/list/paged-list.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import type { Route } from './+types/audit';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { audit } = await requireStaff(args, 'audit:view');
  const filter = readFilters(AUDIT_FILTERS, new URL(args.request.url).searchParams);
  const { actor, ...rest } = filter;
  const [log, members] = await Promise.all([audit.list({ ...rest, actorId: actor }), audit.actors()]);
  return { log, members, filter };
});

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const { log, members, filter } = loaderData;
  const actionLabel = (action: string) => t(`audit.actions.${action.replaceAll('.', '_')}`);
  const columns: Column<AuditEntry>[] = [
    { header: t('audit.when'), cell: (entry) => formatDateTime(entry.occurredAt, language) },
    {
      header: t('audit.who'),
      cell: (entry) =>
        entry.actor
          ? entry.actor.name
          : entry.actorKind === 'command-line'
            ? t('audit.commandLine')
            : entry.actorKind === 'reporter'
              ? t('audit.reporter')
              : t('audit.unknownActor'),
    },
    { header: t('audit.what'), cell: (entry) => actionLabel(entry.action) },
    {
      header: t('audit.subject'),
      cell: (entry) =>
        entry.subjectLabel ?? (entry.subjectId ? `${entry.subjectType} ${entry.subjectId.slice(0, 8)}` : ''),
    },
    {
      header: t('audit.details'),
      dir: 'ltr',
      className: 'audit-details',
      cell: (entry) =>
        Object.entries(entry.details)
          .map(([key, value]) => `${key}: ${value}`)
          .join(', '),
    },
  ];
  return (
    <StaffPage title={t('audit.title')} intro={t('audit.intro')}>
      <FilterForm
        id="audit"
        label={t('audit.filters')}
        schema={AUDIT_FILTERS}
        values={filter}
        controls={{
          action: { label: t('audit.action'), any: t('audit.anyAction'), option: actionLabel },
          actor: {
            label: t('audit.actor'),
            any: t('audit.anyActor'),
            options: members.map((member) => ({ value: member.id, label: member.name })),
          },
          from: { label: t('audit.from') },
          to: { label: t('audit.to') },
        }}
        apply={t('audit.apply')}
        clear={{ label: t('audit.clear'), to: '?' }}
      />
      <PagedList list={log} messages="audit" href={(page) => filterQuery(AUDIT_FILTERS, filter, page)}>
        <DataTable
          label={t('audit.title')}
          caption
          columns={columns}
          rows={log.entries}
          rowKey={(entry) => entry.id}
          empty={t('audit.empty')}
        />
      </PagedList>
    </StaffPage>
  );
}
