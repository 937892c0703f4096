import { PageIntro } from '../../components/page-intro.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/privacy';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'privacy');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function PrivacyPage() {
  return <PageIntro page="privacy" />;
}
