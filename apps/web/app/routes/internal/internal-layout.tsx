import { AppError } from '@app/core/errors/app-error';
import { can } from '@app/core/staff/staff';
import { isRouteErrorResponse, Link, Outlet, redirect } from 'react-router';
import { appContext } from '../../context.ts';
import { loginRedirect } from '../../features/staff/staff-guard.server.ts';
import { StaffShell } from '../../features/staff/staff-shell.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import type { Route } from './+types/internal-layout';

/**
 * The door of the staff area. React Router runs this before any loader or action of the pages
 * below (for the first request and for every client-side navigation): without a complete sign-in
 * nothing of theirs runs. Each page then checks its own permission (`requireStaff`).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    const session = context.get(appContext).staffSession;
    if (session.state === 'needs-enrolment') throw redirect(INTERNAL_PAGES.enrol);
    if (session.state !== 'signed-in') throw loginRedirect(request, session.reason);
  },
];

export const loader = answeringFailures(async ({ context }: Route.LoaderArgs) => {
  const session = context.get(appContext).staffSession;
  if (session.state !== 'signed-in') throw new AppError('UNAUTHORIZED');
  const { role } = session.staff;
  return {
    staff: session.staff,
    navigation: {
      reports: can(role, 'reports:manage'),
      contactForms: can(role, 'messages:manage'),
      content: can(role, 'content:edit'),
      stats: can(role, 'stats:view'),
      staff: can(role, 'staff:manage'),
      tags: can(role, 'tags:manage'),
      partners: can(role, 'partners:manage'),
      audit: can(role, 'audit:view'),
    },
  };
});

export default function InternalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell staff={loaderData.staff} navigation={loaderData.navigation}>
      <Outlet />
    </StaffShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const kind = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'server';
  return (
    <main id="main" className="staff-main staff-error" tabIndex={-1}>
      <title>{t(`internal.errors.${kind}.title`)}</title>
      <p className="error-code">{t('errors.statusCode', { status })}</p>
      <h1>{t(`internal.errors.${kind}.title`)}</h1>
      <p>{t(`internal.errors.${kind}.description`)}</p>
      <p>
        <Link to={INTERNAL_PAGES.dashboard}>{t('internal.errors.backToDashboard')}</Link>
      </p>
    </main>
  );
}
