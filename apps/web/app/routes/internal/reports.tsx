import { requireStaff } from '../../features/staff/staff-guard.server.ts';
import { UpcomingSection } from '../../features/staff/upcoming-section.tsx';
import type { Route } from './+types/reports';

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, 'reports:manage');
  return null;
}

export default function Section() {
  return <UpcomingSection section="reports" />;
}
