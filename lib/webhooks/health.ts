import "server-only";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { credentialsExpiring, webhooksFailing, notify } from "@/lib/notifications";
import { previousSecretEnds } from "@/lib/settings";

const HOUR = 3_600_000;
/** Under this many notifications in the hour a rate says nothing. */
export const MIN_SAMPLE = 10;
/** The steps of the failing share: told once a day at each one crossed. */
export const FAILING_STEPS = [0.2, 0.5, 0.8] as const;
/** The previous webhook secret is "about to stop" within this. */
export const SECRET_WARNING_MS = 24 * HOUR;

/** Notifications of the last hour: rejected (not verified) or unconfirmed, against all. Returns the step told, or null. */
export async function watchWebhooks(now = Date.now()): Promise<number | null> {
  const [c] = await db.$queryRaw<{ total: number; rejected: number; unconfirmed: number }[]>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE verification IN ('rejected', 'unverifiable'))::int AS rejected,
           count(*) FILTER (WHERE verification NOT IN ('rejected', 'unverifiable') AND apply_state = 'unconfirmed')::int AS unconfirmed
      FROM webhook_notifications WHERE received_at > ${new Date(now - HOUR)} AND received_at <= ${new Date(now)}`;
  if (!c || c.total < MIN_SAMPLE) return null;
  const share = (c.rejected + c.unconfirmed) / c.total;
  const step = FAILING_STEPS.filter((s) => share >= s).length;
  if (!step) return null;
  await db.$transaction(async (tx) => notify(tx, webhooksFailing(c, step, now)));
  return step;
}

/** The previous webhook secret stops verifying within a day: the admins, to move the sender over. */
export async function watchPreviousSecret(now = Date.now()): Promise<boolean> {
  const row = await readSecret(SECRET_NAMES.webhookSecretPrevious);
  if (!row) return false;
  const ends = previousSecretEnds(row.meta, row.updatedAt);
  if (ends.getTime() <= now || ends.getTime() > now + SECRET_WARNING_MS) return false;
  await db.$transaction(async (tx) =>
    notify(tx, credentialsExpiring("webhook_secret_previous", "rotation", ends, now)),
  );
  return true;
}

/** The minute sweep's part. */
export async function watchHealth(now = Date.now()) {
  await watchWebhooks(now);
  await watchPreviousSecret(now);
}
