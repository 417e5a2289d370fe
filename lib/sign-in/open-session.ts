import "server-only";
import { inTransaction } from "@/lib/platform/db";
import { notify } from "@/lib/notifications/outbox";
import { signInNewAddress } from "@/lib/notifications/events-security";

// A new server-side session at every sign-in.

export async function openSession(
  sid: string,
  userId: string,
  from: { ip: string | null; userAgent: string | null },
  maxSeconds: number,
): Promise<{ newAddress: boolean }> {
  return inTransaction(async (tx) => {
    // One sign-in of a person at a time decides what is new (two at once from one address: told once).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('sign-in:' || ${userId}))`;
    const [seen] = await tx.$queryRaw<{ before: boolean; here: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}::uuid) AS before,
             EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}::uuid AND ip = ${from.ip}) AS here`;
    const newAddress = Boolean(from.ip && seen?.before && !seen?.here);
    await tx.$executeRaw`
      INSERT INTO sessions (id, user_id, expires_at, ip, user_agent)
      VALUES (${sid}::uuid, ${userId}::uuid, now() + make_interval(secs => ${maxSeconds}), ${from.ip}, ${from.userAgent?.slice(0, 512) ?? null})`;
    if (newAddress && from.ip) await notify(tx, signInNewAddress(userId, from.ip, new Date()));
    return { newAddress };
  });
}
