import type { ReportDetail } from '@app/core/casework-api';
import { LANGUAGES } from '@app/locales/languages';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDay } from '../../shared/staff/format.ts';

/** Every field of the report except the reporter's identity. */
export function ReportFacts({ report }: { report: ReportDetail }) {
  const { t, language } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('casework.yes') : t('casework.no'));
  const reportLanguage =
    LANGUAGES.find((candidate) => candidate.code === report.language)?.nativeName ?? report.language;
  return (
    <section className="staff-panel" aria-labelledby="incident-title">
      <h2 id="incident-title">{t('casework.incident')}</h2>
      <dl className="details-list">
        <dt>{t('casework.type')}</dt>
        <dd>{t(`incidentTypes.${report.incidentType}.label`)}</dd>
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
        <dt>{t('casework.language')}</dt>
        <dd lang={report.language}>{reportLanguage}</dd>
      </dl>
    </section>
  );
}
