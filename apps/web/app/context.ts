import type { CaseworkServicesForWeb } from '@app/core/casework-api';
import type { ContentServicesForWeb } from '@app/core/content';
import type { FollowUpServicesForWeb } from '@app/core/follow-up';
import type { InboxServicesForWeb } from '@app/core/inbox-api';
import type { PublicIncidentsServiceForWeb } from '@app/core/public-incidents';
import type { SiteSettings } from '@app/core/site-settings';
import type { StaffServicesForWeb, StaffSessionState } from '@app/core/staff-api';
import type { StatsServicesForWeb } from '@app/core/stats-api';
import { createContext, type RouterContext } from 'react-router';

/** What the Express server hands to every loader and action. */
export type AppContextValue = {
  site: SiteSettings;
  /** Public origin of the site, without a trailing slash. */
  publicUrl: string;
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts. */
  cspNonce: string;
  /** The staff session the server found before the page ran; anonymous outside /internal. */
  staffSession: StaffSessionState;
  /** The server's staff services: the internal pages' only way to data. */
  staff: StaffServicesForWeb;
  /** Reports: lists, details, decisions, publishing. */
  casework: CaseworkServicesForWeb;
  /** Contact messages. */
  inbox: InboxServicesForWeb;
  /** The statistics page's figures. */
  stats: StatsServicesForWeb;
  /** Texts of the public site as staff edited them. */
  content: ContentServicesForWeb;
  /** The published incidents and the 30-day count, for the public Incidents page. */
  publicIncidents: PublicIncidentsServiceForWeb;
  /** The reporter's follow-up thread, opened by a receipt (the session is a cookie). */
  followUp: FollowUpServicesForWeb;
  /** The client's address as the server trusts it (TRUST_PROXY), for sign-in limits. */
  clientIp: string | undefined;
};

export const appContext = createContext<AppContextValue>();

/** The exports of entry.server.tsx that the Express server reads from the build. */
export type WebServerEntry = {
  appContext: RouterContext<AppContextValue>;
  buildId: string;
};
