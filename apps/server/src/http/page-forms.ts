import type { NextFunction, Request, Response } from 'express';
import { sendErrorAnswer } from './error-answers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PLAIN_FORM = 'application/x-www-form-urlencoded';

/**
 * In front of React Router, for the pages' actions. They read their body with
 * `request.formData()`, which throws on a body it cannot parse (JSON, a multipart body without a
 * boundary or with a broken one, no Content-Type at all), and React Router answers a thrown error
 * with 500. Our pages only post plain forms (files go through the API, decision 0007), so:
 * another type is a 415 here, and a body without a type is read as a plain form, which always
 * parses (at worst into fields the action does not know).
 */
export function plainPageForms() {
  return (request: Request, response: Response, next: NextFunction) => {
    // A form sent without JavaScript was already read and checked (plain-forms.routes.ts).
    if (SAFE_METHODS.has(request.method) || response.locals.plainForm) return next();
    const type = request.headers['content-type'];
    if (type === undefined || type.trim() === '') {
      request.headers['content-type'] = PLAIN_FORM;
      return next();
    }
    if (type.split(';', 1)[0]?.trim().toLowerCase() === PLAIN_FORM) return next();
    sendErrorAnswer(request, response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  };
}
