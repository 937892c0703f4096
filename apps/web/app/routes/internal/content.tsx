import { CONTENT_KEYS, type CurrentContent } from '@app/core/content';
import { LANGUAGES } from '@app/locales/languages';
import { Link } from 'react-router';
import { formatDateTime } from '../../features/staff/format.ts';
import { requireStaff, staffRequest } from '../../features/staff/staff-guard.server.ts';
import { TableScroll } from '../../features/staff/table-scroll.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import type { Route } from './+types/content';

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'content:edit');
  const { content } = staffRequest(args);
  const current: Record<string, CurrentContent> = {};
  for (const { code } of LANGUAGES) current[code] = await content.current(code);
  return { current };
}

export default function Content({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  return (
    <main id="main" className="staff-main" tabIndex={-1}>
      <title>{`${t('content.title')} · ${t('internal.areaName')}`}</title>
      <h1>{t('content.title')}</h1>
      <p>{t('content.intro')}</p>
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
    </main>
  );
}
