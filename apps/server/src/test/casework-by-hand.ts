import type pg from 'pg';

/**
 * A report's casework written by hand, as staff would leave it (decision 0037): the status and its
 * reason on the report, the place on the report's incident, which the triggers then count or not.
 * The place first, so that the change that makes the incident count already finds it.
 */
export async function setCaseworkByHand(
  pool: pg.Pool,
  reportId: string,
  state: { status?: string; rejectionReason?: string | null; municipality?: string; province?: string },
) {
  if (state.municipality !== undefined) {
    await pool.query(
      'update incident set municipality = $2, province = $3 where id = (select incident_id from report where id = $1)',
      [reportId, state.municipality, state.province],
    );
  }
  if (state.status !== undefined) {
    await pool.query('update report set status = $2, rejection_reason = $3 where id = $1', [
      reportId,
      state.status,
      state.rejectionReason ?? null,
    ]);
  }
}
