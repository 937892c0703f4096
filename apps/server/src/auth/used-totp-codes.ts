import type pg from 'pg';

/** A TOTP code stays valid for at most 90 s (one step either side); keep it well beyond that. */
const REMEMBER_MINUTES = 5;

/** TOTP codes already accepted per staff member, so that each works only once (RFC 6238 §5.2). */
export function createUsedTotpCodes(pool: pg.Pool) {
  return {
    async wasUsed(userId: string, code: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `select 1 from staff_used_totp_code
          where user_id = $1 and code = $2 and used_at >= now() - make_interval(mins => $3)`,
        [userId, code, REMEMBER_MINUTES],
      );
      return (rowCount ?? 0) > 0;
    },
    /** Records the code; false when it had already been used (atomic, so two requests cannot both win). */
    async claim(userId: string, code: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `insert into staff_used_totp_code (user_id, code) values ($1, $2)
         on conflict (user_id, code) do update set used_at = now()
           where staff_used_totp_code.used_at < now() - make_interval(mins => $3)
         returning 1`,
        [userId, code, REMEMBER_MINUTES],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}

/** For the maintenance job. */
export async function purgeUsedTotpCodes(pool: pg.Pool): Promise<void> {
  await pool.query(`delete from staff_used_totp_code where used_at < now() - make_interval(mins => $1)`, [
    REMEMBER_MINUTES,
  ]);
}

export type UsedTotpCodes = ReturnType<typeof createUsedTotpCodes>;
