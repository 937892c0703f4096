import { Outlet } from 'react-router';
import { SiteShell } from '../../components/site-shell.tsx';

export default function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
