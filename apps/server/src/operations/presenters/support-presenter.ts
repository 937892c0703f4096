import type { ReportSupport, SupportFeedbackView, SupportRating, SupportServiceView } from '@app/core/casework/support';
import { can, type StaffRole } from '@app/core/staff/staff';
import type { Encryption } from '../../crypto/encryption.ts';
import type { reportSupport, supportFeedback, supportService } from '../../db/support-schema.ts';

type ServiceRow = typeof supportService.$inferSelect;

/**
 * The support panel of a report as a role may see it (decision 0053): the safety plan is opened
 * here, and only for the roles that write it (`support:manage`); every other role gets no key for
 * it at all, not even an empty one.
 */
export function presentSupport(
  encryption: Encryption,
  role: StaffRole,
  rows: {
    support: typeof reportSupport.$inferSelect | undefined;
    needs: ReportSupport['needs'];
    services: {
      service: ServiceRow;
      memberName: string | null;
      partnerName: string | null;
      withdrawnByName: string | null;
    }[];
    feedback: typeof supportFeedback.$inferSelect | undefined;
    members: ReportSupport['members'];
    partners: ReportSupport['partners'];
  },
): ReportSupport {
  const open = (value: string | null) => (value === null ? null : encryption.openText(value));
  const mayReadPlan = can(role, 'support:manage');
  return {
    needs: rows.needs,
    services: rows.services.map(
      ({ service, memberName, partnerName, withdrawnByName }): SupportServiceView => ({
        id: service.id,
        need: service.need,
        description: mayReadPlan ? open(service.description) : null,
        provider: service.provider,
        providerName: (service.provider === 'staff' ? memberName : partnerName) ?? '',
        givenOn: service.givenOn,
        recordedAt: service.recordedAt.toISOString(),
        withdrawn: service.withdrawnAt
          ? {
              at: service.withdrawnAt.toISOString(),
              by: withdrawnByName,
              reason: mayReadPlan ? open(service.withdrawalReason) : null,
            }
          : null,
      }),
    ),
    ...(mayReadPlan ? { safetyPlan: open(rows.support?.safetyPlan ?? null) } : {}),
    revision: rows.support?.revision ?? 1,
    feedback: rows.feedback ? presentFeedback(encryption, rows.feedback, mayReadPlan) : null,
    members: rows.members,
    partners: rows.partners,
  };
}

function presentFeedback(
  encryption: Encryption,
  row: typeof supportFeedback.$inferSelect,
  mayReadWords: boolean,
): SupportFeedbackView {
  return {
    askedAt: row.askedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    rating: (row.rating as SupportRating | null) ?? null,
    words: mayReadWords && row.words !== null ? encryption.openText(row.words) : null,
  };
}
