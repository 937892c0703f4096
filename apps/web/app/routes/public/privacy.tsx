import { LegalDocument } from '../../components/legal-document.tsx';
import { DOCUMENT_DATES, renderDocument } from '../../content/documents.server.ts';
import { editedContent, effectiveSite } from '../../content/site-content.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/privacy';

export async function loader(args: Route.LoaderArgs) {
  const page = loadPublicPage(args, 'privacy');
  const edited = (await editedContent(args.context, page.language, ['privacy'])).privacy;
  return {
    ...page,
    html: edited ? edited.html : renderDocument('privacy', page.language, await effectiveSite(args.context)),
    lastUpdated: edited ? edited.updatedAt.slice(0, 10) : DOCUMENT_DATES.privacy,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page="privacy" html={loaderData.html} lastUpdated={loaderData.lastUpdated} />;
}
