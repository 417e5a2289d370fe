import "server-only";
import { db } from "@/lib/platform/db";

// How each way out last went, for Settings (issue 35).

export type TransportKey = "email" | `chat.${string}`;
export type TransportHealth = { lastSuccessAt: string | null; lastFailureAt: string | null; lastError: string | null };

/** Records a batch's outcome: the last error when any attempt failed, success when any went through. */
export async function recordTransport(key: TransportKey, outcome: { ok: number; error: string | null }) {
  if (!outcome.ok && !outcome.error) return;
  const now = new Date();
  const data = {
    ...(outcome.ok ? { lastSuccessAt: now } : {}),
    ...(outcome.error ? { lastFailureAt: now, lastError: outcome.error.slice(0, 500) } : {}),
  };
  await db.notificationTransport.upsert({ where: { key }, create: { key, ...data }, update: data });
}

export async function transportHealth(): Promise<Record<string, TransportHealth>> {
  const rows = await db.notificationTransport.findMany();
  return Object.fromEntries(
    rows.map((r) => [
      r.key,
      {
        lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: r.lastFailureAt?.toISOString() ?? null,
        lastError: r.lastError,
      },
    ]),
  );
}
