import { PageIntro } from '../../components/page-intro.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/incident-report';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'incidentReport');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function IncidentReportPage() {
  return <PageIntro page="incidentReport" />;
}
