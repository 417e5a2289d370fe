import "server-only";
import { inTransaction } from "@/lib/platform/db";
import { notifySql, signInNewAddress } from "@/lib/notifications";

// A new server-side session at every sign-in.

export async function openSession(
  sid: string,
  userId: string,
  from: { ip: string | null; userAgent: string | null },
  maxSeconds: number,
): Promise<{ newAddress: boolean }> {
  return inTransaction(async (client) => {
    // One sign-in of a person at a time decides what is new (two at once from one address: told once).
    await client.query("SELECT pg_advisory_xact_lock(hashtext('sign-in:' || $1))", [userId]);
    const { rows } = await client.query<{ before: boolean; here: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = $1) AS before,
              EXISTS (SELECT 1 FROM sessions WHERE user_id = $1 AND ip = $2) AS here`,
      [userId, from.ip],
    );
    const newAddress = Boolean(from.ip && rows[0]?.before && !rows[0]?.here);
    await client.query(
      `INSERT INTO sessions (id, user_id, expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
      [sid, userId, maxSeconds, from.ip, from.userAgent?.slice(0, 512) ?? null],
    );
    if (newAddress && from.ip)
      await notifySql((text, params) => client.query(text, params), signInNewAddress(userId, from.ip, new Date()));
    return { newAddress };
  });
}
