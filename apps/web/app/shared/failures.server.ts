import { type AppError, isAppError } from '@app/core/errors/app-error';
import { type CodeOf, type ErrorSection, nameIn, publicCode } from '@app/core/errors/error-codes';
import { data } from 'react-router';

/*
 * How a page answers a failure (docs/decisions/0034-one-error-model.md). The server's code fails
 * one way, by throwing an `AppError`; a route lets it propagate, and these two turn it into what
 * the visitor sees.
 */

/**
 * A loader or action whose failures are answered here:
 *
 *   export const loader = answeringFailures(async (args: Route.LoaderArgs) => { … });
 *
 * An `AppError` thrown anywhere below it (the staff guard's FORBIDDEN, an operation's NOT_FOUND, a
 * rule that no form of the page shows) becomes the error page of its status, with the API's code
 * beside it (`{ code: 'NOT_FOUND' }`); the layout's error boundary draws the page. A redirect or a
 * Response goes on as it is. Anything else is a fault: React Router's 500, which `handleError`
 * (entry.server.tsx) logs by its name and first line, never the request's data.
 */
export function answeringFailures<Args, Result>(
  handler: (args: Args) => Result | Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw isAppError(error) ? errorPage(error) : error;
    }
  };
}

/** The error page of a failure: its status, and its code as the API would say it. */
function errorPage(failure: AppError) {
  return data({ code: publicCode(failure) }, { status: failure.status });
}

/**
 * A form's answer to a refusal: a code of `section` is the form's sentence, `answer(code)` sent
 * back with the status the catalogue gives the code (400, 409 for a lost race…). Any other failure
 * is thrown on, to `answeringFailures`.
 *
 *   } catch (error) {
 *     return formFailure(error, 'casework', (code) => ({ intent, error: code, at, draft }));
 *   }
 */
export function formFailure<S extends ErrorSection, Body>(
  error: unknown,
  section: S,
  answer: (code: CodeOf<S>) => Body,
) {
  const code = isAppError(error) ? nameIn(section, error.code) : undefined;
  if (!isAppError(error) || code === undefined) throw error;
  return data(answer(code), { status: error.status });
}
