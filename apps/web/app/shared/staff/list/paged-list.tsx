import { PageLinks } from '../page-links.tsx';

/** What a paged list operation answers with: one page of rows, and how many there are in all. */
export type Paged = { total: number; page: number; pageSize: number };

/** How many pages a list has (one, even when empty). */
export function pageCount(list: Paged): number {
  return Math.max(1, Math.ceil(list.total / list.pageSize));
}

/**
 * A paged staff list: the count, announced when it changes (`summary`, a plural message of the
 * count, the page and the pages), what the page puts between (`children`: the table, an export
 * link), and the previous and next links.
 */
export function PagedList({
  list,
  summary,
  href,
  pager,
  children,
}: {
  list: Paged;
  summary(counts: { count: number; page: number; pages: number }): string;
  href(page: number): string;
  pager: { nav: string; previous: string; next: string };
  children: React.ReactNode;
}) {
  const pages = pageCount(list);
  return (
    <>
      <p role="status">{summary({ count: list.total, page: list.page, pages })}</p>
      {children}
      <PageLinks page={list.page} pages={pages} href={href} labels={pager} />
    </>
  );
}
