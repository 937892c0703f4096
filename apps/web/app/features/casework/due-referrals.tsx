import type { DueReferral } from '@app/core/casework/referrals';
import { isolate } from '@app/locales/bidi';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { DueList } from '../../shared/staff/due-list.tsx';

/**
 * The dashboard's referrals whose partner has not answered in time (decision 0050), on reports
 * assigned to this member or to nobody; the oldest first, each with a link to its report's panel.
 */
export function DueReferrals({ dueReferrals }: { dueReferrals: { count: number; referrals: DueReferral[] } }) {
  const { t, language } = useTranslation();
  return (
    <DueList
      id="due-referrals"
      testId="due-referrals"
      title={t('referrals.due.title')}
      intro={t('referrals.due.intro')}
      none={t('referrals.due.none')}
      more={(count) => t('referrals.due.more', { count })}
      due={{ count: dueReferrals.count, items: dueReferrals.referrals }}
      item={(referral) => (
        <>
          <p>
            {t('referrals.due.line', {
              partner: isolate(referral.partnerName),
              date: formatDateTime(referral.sentAt, language),
            })}
          </p>
          <p>
            <Link to={`${INTERNAL_PAGES.reports}/${referral.reportId}#referrals-title`}>
              {t('referrals.due.openReport', {
                type: t(`incidentTypes.${referral.incidentType}.label`),
                date: formatDateTime(referral.reportReceivedAt, language),
              })}
            </Link>
          </p>
        </>
      )}
    />
  );
}
