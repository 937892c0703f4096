import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * A staff page's frame: the main landmark (the skip link's target), the document's title with the
 * area's name after it, a link back to where the page was opened from, the heading and the line
 * that introduces the page.
 */
export function StaffPage({
  title,
  documentTitle = title,
  back,
  intro,
  children,
}: {
  title: string;
  /** The browser tab's title before the area's name, when it differs from the heading. */
  documentTitle?: string;
  back?: { to: string; label: string };
  intro?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${documentTitle} · ${t('internal.areaName')}`}</title>
      {back && (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
      <h1>{title}</h1>
      {intro && <p>{intro}</p>}
      {children}
    </main>
  );
}
