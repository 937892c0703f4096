import type { DueReferral } from '@app/core/casework/referrals';
import { isolate } from '@app/locales/bidi';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DueList } from '../../shared/staff/due-list.tsx';

const MESSAGES = {
  title: 'referrals.due.title',
  intro: 'referrals.due.intro',
  none: 'referrals.due.none',
  more: 'referrals.due.more',
  open: 'referrals.due.openReport',
};

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
      messages={MESSAGES}
      due={{ count: dueReferrals.count, items: dueReferrals.referrals }}
      anchor="referrals-title"
      item={(referral) => (
        <p>
          {t('referrals.due.line', {
            partner: isolate(referral.partnerName),
            date: formatDateTime(referral.sentAt, language),
          })}
        </p>
      )}
    />
  );
}
