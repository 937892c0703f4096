import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every answer carries. The site loads nothing from other origins, so the policy can be
 * strict; scripts are the app's own files and React Router's inline hydration data.
 */
export function securityHeaders(isProduction: boolean) {
  return (_request: Request, response: Response, next: NextFunction) => {
    response.set({
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
