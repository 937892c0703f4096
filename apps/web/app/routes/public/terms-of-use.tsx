import { LegalDocument } from '../../components/legal-document.tsx';
import { loadLegalPage } from '../../content/legal-page.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import type { Route } from './+types/terms-of-use';

export const loader = (args: Route.LoaderArgs) => loadLegalPage(args, 'termsOfUse');

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function TermsOfUsePage({ loaderData }: Route.ComponentProps) {
  return (
    <LegalDocument page="termsOfUse" html={loaderData.html} shown={loaderData.current} others={loaderData.others} />
  );
}
