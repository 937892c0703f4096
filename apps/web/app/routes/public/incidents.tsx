import { PageIntro } from '../../components/page-intro.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/incidents';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'incidents');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function IncidentsPage() {
  return <PageIntro page="incidents" />;
}
