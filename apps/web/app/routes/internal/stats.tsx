import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { UpcomingSection } from '../../features/staff/upcoming-section.tsx';
import type { Route } from './+types/stats';

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'stats:view');
  return null;
}

export default function Section() {
  return <UpcomingSection section="stats" />;
}
