import { useTranslation } from '../../../i18n/use-translation.ts';
import { PageLinks } from '../page-links.tsx';

/** What a paged list operation answers with: one page of rows, and how many there are in all. */
export type Paged = { total: number; page: number; pageSize: number };

/** How many pages a list has (one, even when empty). */
export function pageCount(list: Paged): number {
  return Math.max(1, Math.ceil(list.total / list.pageSize));
}

/**
 * A paged staff list: the count, announced when it changes, what the page puts between
 * (`children`: the table, an export link), and the previous and next links. `messages` names the
 * list's message group, which holds `summary` (a plural message of the count, the page and the
 * pages), `pagination` (the links' name), `previous` and `next`.
 */
export function PagedList({
  list,
  messages,
  href,
  children,
}: {
  list: Paged;
  messages: string;
  href(page: number): string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const pages = pageCount(list);
  return (
    <>
      <p role="status">{t(`${messages}.summary`, { count: list.total, page: list.page, pages })}</p>
      {children}
      <PageLinks
        page={list.page}
        pages={pages}
        href={href}
        labels={{
          nav: t(`${messages}.pagination`),
          previous: t(`${messages}.previous`),
          next: t(`${messages}.next`),
        }}
      />
    </>
  );
}
