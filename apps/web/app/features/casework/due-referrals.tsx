import type { DueReferral } from '@app/core/casework/referrals';
import { isolate } from '@app/locales/bidi';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';

/**
 * The dashboard's referrals whose partner has not answered in time (decision 0050), on reports
 * assigned to this member or to nobody; the oldest first, each with a link to its report's panel.
 */
export function DueReferrals({ dueReferrals }: { dueReferrals: { count: number; referrals: DueReferral[] } }) {
  const { t, language } = useTranslation();
  const hidden = dueReferrals.count - dueReferrals.referrals.length;
  return (
    <section aria-labelledby="due-referrals" className="staff-panel" data-testid="due-referrals">
      <h2 id="due-referrals" tabIndex={-1}>
        {t('referrals.due.title')}
      </h2>
      <p className="muted">{t('referrals.due.intro')}</p>
      {dueReferrals.referrals.length === 0 ? (
        <p>{t('referrals.due.none')}</p>
      ) : (
        <ul className="reminder-list">
          {dueReferrals.referrals.map((referral) => (
            <li key={referral.id} className="reminder reminder--due">
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
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="muted">{t('referrals.due.more', { count: hidden })}</p>}
    </section>
  );
}
