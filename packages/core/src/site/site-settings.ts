/** What the public site shows of the organisation: all from configuration, never from the code. */
export type SiteSettings = Readonly<{
  organisationName: string;
  /** The address the public can write to. */
  email: string;
  phone: string | undefined;
  /** Postal address, when the organisation publishes one. */
  address: string | undefined;
  /** 112 in Belgium. */
  emergencyNumber: string;
  /** 101 in Belgium. */
  policeNumber: string;
  /** The neutral site that the quick-exit button opens. */
  quickExitUrl: string;
  /** Months before a contact message is erased, and every outcome's period unless set apart. */
  retentionMonths: number;
  /**
   * The periods per outcome that the privacy policy states (decision 0040): months after a report
   * was rejected, closed or verified; a verified report without a period is kept while its case is open.
   */
  retentionPeriods: Readonly<{ rejected: number; closed: number; verified: number | undefined }>;
  /** k of the small-cell rule: public counts from 1 to k−1 read "fewer than k" (decision 0022). */
  smallCellThreshold: number;
  /** The licence of the open data on /incidents/data. */
  openDataLicence: Readonly<{ name: string; url: string }>;
}>;
