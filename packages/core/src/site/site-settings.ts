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
  /** Months after a case is closed before its personal data is erased. */
  retentionMonths: number;
  /** k of the small-cell rule: public counts from 1 to k−1 read "fewer than k" (decision 0022). */
  smallCellThreshold: number;
  /** The licence of the open data on /incidents/data. */
  openDataLicence: Readonly<{ name: string; url: string }>;
}>;
