import { Link } from 'react-router';
import { EditedText } from '../../components/edited-text.tsx';
import { editedContent } from '../../content/site-content.server.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { useSite } from '../../lib/use-site.ts';
import { localizedPath } from '../../paths.ts';
import type { Route } from './+types/home';

export async function loader(args: Route.LoaderArgs) {
  const page = loadPublicPage(args, 'home');
  return {
    ...page,
    edited: await editedContent(args.context, page.language, ['aboutUs', 'ourServices', 'getInvolved']),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

const SERVICES = ['communitySupport', 'incidentResponse', 'safetyWorkshops', 'lawEnforcement'] as const;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const organisation = useSite()?.organisationName ?? '';
  const { language, edited } = loaderData;
  return (
    <>
      <header className="hero">
        <h1>{t('pages.home.title')}</h1>
        <p className="lead">{t('pages.home.lead')}</p>
        <p className="actions">
          <Link className="button button--primary" to={localizedPath('incidentReport', language)}>
            {t('pages.home.reportButton')}
          </Link>
          <Link className="button button--secondary" to={localizedPath('contact', language)}>
            {t('pages.home.contactButton')}
          </Link>
        </p>
      </header>

      <section aria-labelledby="about-title" className="section">
        <h2 id="about-title">{t('pages.home.about.title')}</h2>
        {edited.aboutUs ? (
          <EditedText html={edited.aboutUs.html} />
        ) : (
          <>
            <p>{t('pages.home.about.body', { organisation })}</p>
            <p>{t('pages.home.about.confidential')}</p>
          </>
        )}
      </section>

      <section aria-labelledby="services-title" className="section section--wide">
        <h2 id="services-title">{t('pages.home.services.title')}</h2>
        {edited.ourServices ? (
          <EditedText html={edited.ourServices.html} />
        ) : (
          <ul className="cards">
            {SERVICES.map((service) => (
              <li key={service} className="card">
                <h3>{t(`pages.home.services.${service}.title`)}</h3>
                <p>{t(`pages.home.services.${service}.body`)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="involved-title" className="section">
        <h2 id="involved-title">{t('pages.home.getInvolved.title')}</h2>
        {edited.getInvolved ? <EditedText html={edited.getInvolved.html} /> : <p>{t('pages.home.getInvolved.body')}</p>}
        <p>
          <Link to={localizedPath('contact', language)}>{t('pages.home.getInvolved.cta')}</Link>
        </p>
      </section>
    </>
  );
}
