import { isAppError } from '@app/core/errors/app-error';
import { REPORT_FORM_FIELDS, reportInputFromValues, reportValuesFromForm } from '@app/core/forms/plain-forms';
import { isLanguage, languageFromHeaders } from '@app/locales/languages';
import { data } from 'react-router';
import { appContext } from '../../context.ts';
import {
  RecordedReport,
  type RecordReportAnswer,
  RecordReportForm,
} from '../../features/report-form/record-report-form.tsx';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formMessagesFor } from '../../i18n/messages.server.ts';
import { MessagesScope } from '../../i18n/messages-scope.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import type { Route } from './+types/record-report';

/**
 * A report that came by another channel than the web form, recorded by a coordinator (issue 25 item
 * 3, decision 0051): the web form's fields and rules, the channel, and a receipt if the person wants
 * one, shown this once. Coordinators and admins (reports:record); the operation checks it again.
 */
export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  await requireStaff(args, 'reports:record');
  return { formMessages: formMessagesFor(languageFromHeaders(args.request.headers)) };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { reports } = await requireStaff(args, 'reports:record');
  const form = await args.request.formData();
  const fields = Object.fromEntries(
    REPORT_FORM_FIELDS.map((name) => [name, field(form, name)]).filter(([, value]) => value !== ''),
  );
  const report = reportValuesFromForm(fields);
  const language = field(form, 'language');
  const source = field(form, 'source');
  const receipt = field(form, 'receipt') === 'yes' ? 'yes' : 'no';
  try {
    const recorded = await reports.record({
      report: reportInputFromValues(report, language),
      source,
      receipt: receipt === 'yes',
    });
    const personLanguage = isLanguage(language) ? language : languageFromHeaders(args.request.headers);
    const answer: RecordReportAnswer = {
      state: 'recorded',
      ...recorded,
      language: personLanguage,
      host: new URL(args.context.get(appContext).publicUrl).host,
      slip: { receipt: formMessagesFor(personLanguage).receipt },
    };
    return answer;
  } catch (error) {
    // By its mark, not `instanceof`: the operation's AppError comes from the server's copy of core.
    if (isAppError(error) && error.code === 'VALIDATION_FAILED') {
      const answer: RecordReportAnswer = {
        state: 'editing',
        values: { report, source, language, receipt },
        errors: error.details.fields ?? {},
      };
      return data(answer, { status: 400 });
    }
    throw error;
  }
});

export default function RecordReport({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const answer = actionData ?? undefined;
  return (
    <MessagesScope messages={loaderData.formMessages}>
      <main id="main" className="staff-main" tabIndex={-1}>
        <title>{`${t('recordReport.title')} · ${t('internal.areaName')}`}</title>
        <p>
          <a href={INTERNAL_PAGES.reports}>{t('casework.backToList')}</a>
        </p>
        <h1>{t('recordReport.title')}</h1>
        {answer?.state === 'recorded' ? (
          <RecordedReport answer={answer} />
        ) : (
          <>
            <p>{t('recordReport.intro')}</p>
            <RecordReportForm
              answer={answer}
              staffLanguage={language as Parameters<typeof RecordReportForm>[0]['staffLanguage']}
            />
          </>
        )}
      </main>
    </MessagesScope>
  );
}
