import { Link, useLocation } from 'react-router';
import { RichText } from '../i18n/rich-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
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
          <RichText
            template={t('errors.notFound.description', {})}
            values={{ path: pathname }}
            components={{
              path: (path) => (
                <bdi className="error-path" dir="ltr">
                  {path}
                </bdi>
              ),
            }}
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
