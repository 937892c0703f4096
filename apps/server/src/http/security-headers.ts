import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every answer carries. The site loads nothing from other origins, so the policy is strict:
 * scripts are the site's own files plus React Router's inline data, allowed by a nonce made for
 * each request. (Vite's development server needs inline and eval'd scripts: only there are they allowed.)
 */
export function securityHeaders(isProduction: boolean, isDevelopment = false) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64');
    response.locals.cspNonce = nonce;
    const scripts = isDevelopment ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
    response.set({
      'Content-Security-Policy': contentSecurityPolicy(scripts, isDevelopment),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    });
    if (isProduction) response.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    next();
  };
}

/**
 * The site's policy, with the script sources of one answer: a nonce for a page rendered for its
 * visitor, the hashes of its inline scripts for a page served from the page cache.
 */
export function contentSecurityPolicy(scriptSources: string, isDevelopment = false): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    // ALTCHA's widget styles itself with a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Vite inlines the smallest font files as data: URLs.
    "font-src 'self' data:",
    `connect-src 'self'${isDevelopment ? ' ws:' : ''}`,
    // ALTCHA solves its proof of work in workers started from blob: URLs.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}
