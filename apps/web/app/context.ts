import type { PublicIncidentsServiceForWeb } from '@app/core/figures/public-incidents';
import type { FollowUpServicesForWeb } from '@app/core/forms/follow-up';
import type { PlainFormAnswer } from '@app/core/forms/plain-forms';
import type { ContentServicesForWeb } from '@app/core/site/content';
import type { SiteSettings } from '@app/core/site/site-settings';
import type { StaffAuthForWeb, StaffSessionState } from '@app/core/staff/staff-api';
import type { StaffOperations } from '@app/core/staff/staff-operations';
import { createContext, type RouterContext } from 'react-router';

/**
 * What the Express server hands to every loader and action. Public pages get public services
 * only; the staff area's pages get the sign-in steps, and the operations of the staff member
 * once their session is complete (docs/decisions/0017-operations-layer.md).
 */
export type AppContextValue = {
  site: SiteSettings;
  /** Public origin of the site, without a trailing slash. */
  publicUrl: string;
  /** This response's Content-Security-Policy nonce, for React Router's inline scripts. */
  cspNonce: string;
  /** The staff session the server found before the page ran; anonymous outside /internal. */
  staffSession: StaffSessionState;
  /** The sign-in steps and the member's own account: on the staff area's pages only. */
  staffAuth?: StaffAuthForWeb;
  /**
   * The signed-in member's operations, bound to them: present only on the staff area's pages of a
   * session complete with both factors. Each operation checks the member's permission itself.
   */
  staff?: StaffOperations;
  /** Texts of the public site as staff edited them. */
  content: ContentServicesForWeb;
  /** The published incidents and the 30-day count, for the public Incidents page. */
  publicIncidents: PublicIncidentsServiceForWeb;
  /** The reporter's follow-up thread, opened by a receipt (the session is a cookie). */
  followUp: FollowUpServicesForWeb;
  /** The client's address as the server trusts it (TRUST_PROXY), for sign-in limits. */
  clientIp: string | undefined;
  /**
   * A form posted without JavaScript, already read and checked by the server
   * (apps/server/src/http/plain-forms.routes.ts): what the page's action shows, with its status.
   */
  plainForm?: {
    status: number;
    answer: PlainFormAnswer;
    /** The follow-up session a receipt sent without JavaScript just opened (its cookie pair). */
    followUpCookie?: string;
  };
};

export const appContext = createContext<AppContextValue>();

/** The exports of entry.server.tsx that the Express server reads from the build. */
export type WebServerEntry = {
  appContext: RouterContext<AppContextValue>;
  buildId: string;
};
