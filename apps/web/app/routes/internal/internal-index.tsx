import { redirect } from 'react-router';
import { INTERNAL_PAGES } from '../../paths.ts';

export function loader() {
  return redirect(INTERNAL_PAGES.dashboard);
}
