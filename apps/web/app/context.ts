import type { SiteSettings } from '@app/core/site-settings';
import { createContext, type RouterContext } from 'react-router';

/** What the Express server hands to every loader and action. */
export type AppContextValue = {
  site: SiteSettings;
  /** Public origin of the site, without a trailing slash. */
  publicUrl: string;
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts. */
  cspNonce: string;
};

export const appContext = createContext<AppContextValue>();

/** The exports of entry.server.tsx that the Express server reads from the build. */
export type WebServerEntry = {
  appContext: RouterContext<AppContextValue>;
  buildId: string;
};
