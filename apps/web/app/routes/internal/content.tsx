import { CONTENT_KEYS, type CurrentContent } from '@app/core/site/content';
import { LANGUAGES } from '@app/locales/languages';
import { Form, Link } from 'react-router';
import { effectiveSite } from '../../content/site-content.server.ts';
import { field, requireStaff } from '../../features/staff/staff-guard.server.ts';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures, formFailure } from '../../shared/failures.server.ts';
import { InputField } from '../../shared/forms/input-fields.tsx';
import { FormAlert } from '../../shared/staff/form-alert.tsx';
import { StaffPage } from '../../shared/staff/staff-page.tsx';
import { SubmitButton } from '../../shared/staff/submit-button.tsx';
import { TableScroll } from '../../shared/staff/table-scroll.tsx';
import type { Route } from './+types/content';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const { content } = await requireStaff(args, 'content:edit');
  const current: Record<string, CurrentContent> = {};
  for (const { code } of LANGUAGES) current[code] = await content.current(code);
  const { emergencyNumber, policeNumber } = await effectiveSite(args.context);
  return { current, numbers: { emergencyNumber, policeNumber } };
});

export const action = answeringFailures(async (args: Route.ActionArgs) => {
  const { content } = await requireStaff(args, 'content:edit');
  const form = await args.request.formData();
  const numbers = { emergencyNumber: field(form, 'emergencyNumber'), policeNumber: field(form, 'policeNumber') };
  try {
    await content.setEmergencyNumbers(numbers);
    return { error: undefined, numbers: undefined, at: Date.now() };
  } catch (error) {
    return formFailure(error, 'content', (code) => ({ error: code, numbers, at: Date.now() }));
  }
});

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  return (
    <StaffPage title={t('content.title')} intro={t('content.intro')}>
      <TableScroll label={t('content.title')}>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('content.text')}</th>
              {LANGUAGES.map((option) => (
                <th scope="col" key={option.code} lang={option.code}>
                  {option.nativeName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CONTENT_KEYS.map((key) => (
              <tr key={key}>
                <th scope="row">{t(`content.keys.${key}`)}</th>
                {LANGUAGES.map((option) => {
                  const edited = loaderData.current[option.code]?.[key];
                  return (
                    <td key={option.code}>
                      <Link to={`${INTERNAL_PAGES.content}/${key}/${option.code}`}>
                        <span className="visually-hidden">
                          {t('content.edit', { text: t(`content.keys.${key}`), language: option.nativeName })}:{' '}
                        </span>
                        {edited
                          ? t('content.editedOn', { date: formatDateTime(edited.updatedAt, language) })
                          : key === 'announcement'
                            ? t('content.none')
                            : t('content.shipped')}
                      </Link>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <section className="staff-panel" aria-labelledby="numbers-title">
        <h2 id="numbers-title">{t('content.numbersTitle')}</h2>
        <p>{t('content.numbersIntro')}</p>
        {actionData?.error && (
          <FormAlert key={actionData.at}>
            <p>{t('content.invalidNumber')}</p>
          </FormAlert>
        )}
        {actionData && !actionData.error && (
          <FormAlert key={actionData.at} tone="success">
            <p>{t('content.numbersSaved')}</p>
          </FormAlert>
        )}
        <Form method="post" className="staff-form" noValidate>
          {(['emergencyNumber', 'policeNumber'] as const).map((name) => (
            <InputField
              key={name}
              label={t(`content.${name}`)}
              name={name}
              inputMode="tel"
              dir="ltr"
              defaultValue={actionData?.numbers?.[name] ?? loaderData.numbers[name]}
            />
          ))}
          <SubmitButton label={t('content.saveNumbers')} />
        </Form>
      </section>
    </StaffPage>
  );
}
