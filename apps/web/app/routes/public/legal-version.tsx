import { AppError } from '@app/core/errors/app-error';
import { LegalDocument } from '../../components/legal-document.tsx';
import { legalVersionHtml, legalVersions } from '../../content/legal-versions.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { legalVersionPath, localizedPath } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import type { Route } from './+types/legal-version';

/**
 * `/privacy/versions/1`, `/terms-of-use/versions/edit-17`: a version of the privacy policy or the
 * terms, current or earlier (decision 0045); any other name is a 404.
 */
export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const pathname = new URL(args.request.url).pathname;
  const probe = loadPublicPage(args, 'privacy');
  const page: 'privacy' | 'termsOfUse' = pathname.startsWith(`${localizedPath('termsOfUse', probe.language)}/`)
    ? 'termsOfUse'
    : 'privacy';
  const slug = args.params.version;
  const [html, versions] = await Promise.all([
    legalVersionHtml(args.context, page, probe.language, slug),
    legalVersions(args.context, page, probe.language),
  ]);
  const all = [versions.current, ...versions.others];
  const shown = all.find((version) => version.slug === slug);
  if (html === undefined || !shown) throw new AppError('NOT_FOUND');
  const base = loadPublicPage(args, page, {
    key: page,
    // A staff edit exists in its own language only: the other languages link to their text in force.
    path: (language) =>
      language === probe.language || !slug.startsWith('edit-')
        ? legalVersionPath(page, language, slug)
        : localizedPath(page, language),
    values: {},
  });
  const archived = shown.slug !== versions.current.slug;
  return { ...base, page, html, shown, archived, others: all.filter((version) => version.slug !== slug) };
});

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function LegalVersionPage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument
      page={loaderData.page}
      html={loaderData.html}
      shown={loaderData.shown}
      others={loaderData.others}
      archived={loaderData.archived}
    />
  );
}
