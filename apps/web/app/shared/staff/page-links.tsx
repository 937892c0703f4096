import { Link } from 'react-router';

/** Previous and next links of a paged staff list; nothing when everything fits on one page. */
export function PageLinks({
  page,
  pages,
  href,
  labels,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels: { nav: string; previous: string; next: string };
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="pagination">
      {page > 1 && <Link to={href(page - 1)}>{labels.previous}</Link>}
      {page < pages && <Link to={href(page + 1)}>{labels.next}</Link>}
    </nav>
  );
}
