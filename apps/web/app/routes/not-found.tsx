import { data } from 'react-router';

/** Every path that matches no page: the root error boundary shows the translated 404 view. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Page Not Found' });
}

export default function NotFound() {
  return null;
}
