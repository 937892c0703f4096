import { AppError } from '@app/core/errors/app-error';
import { data, Link } from 'react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { appContext } from '../../context.ts';
import { ContactForm } from '../../features/contact-form/contact-form.tsx';
import { RichText } from '../../i18n/rich-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { telHref } from '../../lib/tel-href.ts';
import { useSite } from '../../lib/use-site.ts';
import { localizedPath } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { FormMessagesScope } from '../../shared/forms/form-messages-scope.tsx';
import type { Route } from './+types/contact';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const page = loadPublicPage(args, 'contact');
  return page;
});

/**
 * The form sent without JavaScript (decision 0021): the server has already read and checked it
 * (apps/server/src/http/plain-forms.routes.ts) and says what to show; this renders the page with it.
 */
export const action = answeringFailures(async ({ context }: Route.ActionArgs) => {
  const { plainForm, publicUrl } = context.get(appContext);
  if (plainForm?.answer.form !== 'contact') throw new AppError('BAD_REQUEST');
  return data({ answer: plainForm.answer, host: new URL(publicUrl).host }, { status: plainForm.status });
});

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

/** A page with a form for personal data: never kept in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <FormMessagesScope language={loaderData.language}>
      <PageIntro page="contact" />
      <ContactForm
        language={loaderData.language}
        answer={actionData?.answer.form === 'contact' ? actionData.answer : undefined}
      />
      <section aria-labelledby="other-ways-title" className="section">
        <h2 id="other-ways-title">{t('pages.contact.otherWays')}</h2>
        <ul className="plain-list">
          {site && (
            <li>
              <RichText
                template={t('pages.contact.emailUs')}
                values={{ email: site.email }}
                components={{ email: (email) => <a href={`mailto:${email}`}>{email}</a> }}
              />
            </li>
          )}
          {site?.phone && (
            <li>
              <RichText
                template={t('pages.contact.callUs')}
                values={{ phone: site.phone }}
                components={{
                  phone: (phone) => (
                    <a href={telHref(phone)} dir="ltr">
                      {phone}
                    </a>
                  ),
                }}
              />
            </li>
          )}
          {site?.address && <li>{t('pages.contact.postalAddress', { address: site.address })}</li>}
        </ul>
        <p>
          <RichText
            template={t('pages.contact.reportInstead')}
            components={{
              report: (text) => <Link to={localizedPath('incidentReport', loaderData.language)}>{text}</Link>,
            }}
          />
        </p>
      </section>
    </FormMessagesScope>
  );
}
