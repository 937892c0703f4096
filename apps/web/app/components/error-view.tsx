import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentPage } from '../lib/use-current-page.ts';
import { localizedPath } from '../paths.ts';

/**
 * The error page of the spec: status code, status message and description. 404 gets the
 * not-found view (with the path that was asked for), every other status the server-error view.
 */
export function ErrorView({ status }: { status: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { language } = useCurrentPage();
  const kind = status === 404 ? 'notFound' : 'server';
  return (
    <section className={`error-view error-view--${kind}`} aria-labelledby="error-title">
      <title>{t(`errors.${kind}.title`)}</title>
      <p className="error-code">{t('errors.statusCode', { status })}</p>
      <h1 id="error-title">{t(`errors.${kind}.title`)}</h1>
      <p className="error-status-message">{t(`errors.${kind}.statusMessage`)}</p>
      <p>
        {kind === 'notFound' ? (
          <Trans
            i18nKey="errors.notFound.description"
            values={{ path: pathname }}
            components={{ path: <bdi className="error-path" dir="ltr" /> }}
          />
        ) : (
          t('errors.server.description')
        )}
      </p>
      <p>
        <Link to={localizedPath('home', language)}>{t(`errors.${kind}.backHome`)}</Link>
      </p>
    </section>
  );
}
