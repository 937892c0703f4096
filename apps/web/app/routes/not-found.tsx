import { AppError } from '@app/core/errors/app-error';
import { answeringFailures } from '../shared/failures.server.ts';

/** Every path that matches no page: the root error boundary shows the translated 404 view. */
export const loader = answeringFailures(async () => {
  throw new AppError('NOT_FOUND');
});

export default function NotFound() {
  return null;
}
