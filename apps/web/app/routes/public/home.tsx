import { PageIntro } from '../../components/page-intro.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/home';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'home');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function HomePage() {
  return <PageIntro page="home" />;
}
