import { LegalDocument } from '../../components/legal-document.tsx';
import { renderDocument } from '../../content/documents.server.ts';
import { legalVersions } from '../../content/legal-versions.server.ts';
import { editedContent, effectiveSite } from '../../content/site-content.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/terms-of-use';

export async function loader(args: Route.LoaderArgs) {
  const page = loadPublicPage(args, 'termsOfUse');
  const [edited, versions] = await Promise.all([
    editedContent(args.context, page.language, ['termsOfUse']),
    legalVersions(args.context, 'termsOfUse', page.language),
  ]);
  const text = edited.termsOfUse;
  return {
    ...page,
    html: text ? text.html : renderDocument('termsOfUse', page.language, await effectiveSite(args.context)),
    ...versions,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function TermsOfUsePage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument page="termsOfUse" html={loaderData.html} shown={loaderData.current} others={loaderData.others} />
  );
}
