import { PageIntro } from '../../components/page-intro.tsx';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import type { Route } from './+types/contact';

export function loader(args: Route.LoaderArgs) {
  return loadPublicPage(args, 'contact');
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

export default function ContactPage() {
  return <PageIntro page="contact" />;
}
