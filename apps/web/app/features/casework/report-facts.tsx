import type { ReportDetail } from '@app/core/casework/casework-api';
import { isolate } from '@app/locales/bidi';
import { LANGUAGES } from '@app/locales/languages';
import { formatDateTime, formatDay } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Only an http(s) address becomes a link; anything else (an old or odd value) stays text. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** Every field of the report except the reporter's identity. */
export function ReportFacts({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('casework.yes') : t('casework.no'));
  const reportLanguage =
    LANGUAGES.find((candidate) => candidate.code === report.language)?.nativeName ?? report.language;
  return (
    <section className="staff-panel" aria-labelledby="incident-title">
      <h2 id="incident-title">{t('casework.incident')}</h2>
      {report.isUrgent && (
        <p className="urgent-note">
          <span className="urgent-badge">{t('casework.urgent')}</span>{' '}
          {report.urgentTakenAt
            ? t('casework.urgentTaken', { date: formatDateTime(report.urgentTakenAt, language) })
            : t('casework.urgentNotTaken')}
        </p>
      )}
      <dl className="details-list">
        <dt>{t('casework.source')}</dt>
        <dd>
          {t(`casework.sources.${report.source}`)}
          {report.recordedBy && ` · ${t('casework.recordedBy', { name: isolate(report.recordedBy.name) })}`}
        </dd>
        <dt>{t('casework.type')}</dt>
        <dd>{t(`incidentTypes.${report.incidentType}.label`)}</dd>
        {report.onlinePlatform && (
          <>
            <dt>{t('casework.onlinePlatform')}</dt>
            <dd>{t(`onlinePlatforms.${report.onlinePlatform}`)}</dd>
          </>
        )}
        {report.onlineUrls.length > 0 && (
          <>
            <dt>{t('casework.onlineUrls')}</dt>
            <dd>
              {/* Text the reporter typed: never fetched by the server; a link that sends no referrer. */}
              <ol className="online-urls-list">
                {report.onlineUrls.map((url, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same address may be given twice.
                  <li key={index}>
                    <bdi dir="ltr">
                      {isWebAddress(url) ? (
                        <a href={url} target="_blank" rel="noreferrer noopener" referrerPolicy="no-referrer">
                          {url}
                        </a>
                      ) : (
                        url
                      )}
                    </bdi>
                  </li>
                ))}
              </ol>
              <p className="muted">{t('casework.onlineUrlsNote')}</p>
            </dd>
          </>
        )}
        <dt>{t('casework.when')}</dt>
        <dd>
          {formatDay(report.incidentDate, language)}
          {/* The separator stays outside the isolated time, or right to left it lands inside the year. */}
          {report.incidentTime && (
            <>
              {', '}
              <bdi dir="ltr">{report.incidentTime}</bdi>
            </>
          )}
        </dd>
        <dt>{t('casework.where')}</dt>
        <dd className="user-text">{report.location}</dd>
        <dt>{t('casework.description')}</dt>
        <dd className="user-text" lang={report.language}>
          {report.description}
        </dd>
        <dt>{t('casework.threatOngoing')}</dt>
        <dd>{report.threatOngoing === null ? t('casework.notKnown') : yesNo(report.threatOngoing)}</dd>
        <dt>{t('casework.calledPolice')}</dt>
        <dd>{yesNo(report.calledPolice)}</dd>
        {report.policeReportNumber && (
          <>
            <dt>{t('casework.policeReportNumber')}</dt>
            <dd>
              <bdi dir="ltr">{report.policeReportNumber}</bdi>
            </dd>
          </>
        )}
        <dt>{t('casework.calledOrganisation')}</dt>
        <dd>{yesNo(report.calledOrganisation)}</dd>
        <dt>{t('casework.medicalTreatment')}</dt>
        <dd>{yesNo(report.medicalTreatment)}</dd>
        <dt>{t('casework.sharingConsent')}</dt>
        <dd>
          {report.sharingConsent ? t(`casework.sharingConsents.${report.sharingConsent}`) : t('casework.notAsked')}
        </dd>
        <dt>{t('casework.language')}</dt>
        <dd lang={report.language}>{reportLanguage}</dd>
      </dl>
    </section>
  );
}
