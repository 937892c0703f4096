import { LegalDocument } from '../../components/legal-document.tsx';
import { loadLegalPage } from '../../content/legal-page.server.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import type { Route } from './+types/privacy';

export const loader = (args: Route.LoaderArgs) => loadLegalPage(args, 'privacy');

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page="privacy" html={loaderData.html} shown={loaderData.current} others={loaderData.others} />;
}
