import "server-only";
import { db } from "@/lib/platform/db";

// In PostgreSQL, across instances; reserved before the check, so N parallel guesses check at most the limit.
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
export const ATTEMPT_LIMITS = { email: 5, ip: 30, stepup: 5 } as const;

type Kind = keyof typeof ATTEMPT_LIMITS;
const keyOf = (kind: Kind, value: string) => `${kind}:${value.toLowerCase()}`;

function keysFor(email: string, ip: string | null) {
  const keys: { kind: Kind; key: string }[] = [{ kind: "email", key: keyOf("email", email) }];
  if (ip) keys.push({ kind: "ip", key: keyOf("ip", ip) });
  return keys;
}

class Refused extends Error {
  constructor(readonly until: Date) {
    super("attempt refused");
  }
}

/** Reserves one attempt for this email and address. */
export const reserveAttempt = (email: string, ip: string | null) => reserve(keysFor(email, ip));

/** Reserves one step-up attempt for this user (their own counter, untouched by sign-in). */
export const reserveStepUp = (userId: string) => reserve([{ kind: "stepup", key: keyOf("stepup", userId) }]);

/** A right step-up code proves the factor: the user's count starts again, as after a completed sign-in. */
export async function releaseStepUp(userId: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: keyOf("stepup", userId) } });
}

async function reserve(keys: { kind: Kind; key: string }[]): Promise<Date | null> {
  try {
    await db.$transaction(async (tx) => {
      for (const { kind, key } of keys) {
        const [row] = await tx.$queryRaw<{ failures: number; locked_until: Date | null }[]>`
          INSERT INTO sign_in_throttle AS t (key, failures, window_start)
          VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})
                             AND (t.locked_until IS NULL OR t.locked_until <= now())
                            THEN 1 ELSE t.failures + 1 END,
            window_start = CASE WHEN t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})
                                 AND (t.locked_until IS NULL OR t.locked_until <= now())
                                THEN now() ELSE t.window_start END,
            locked_until = CASE WHEN t.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})
                                 AND (t.locked_until IS NULL OR t.locked_until <= now())
                                THEN NULL
                                WHEN t.failures + 1 >= ${ATTEMPT_LIMITS[kind]}
                                 AND (t.locked_until IS NULL OR t.locked_until <= now())
                                THEN now() + make_interval(mins => ${LOCK_MINUTES})
                                ELSE t.locked_until END
          RETURNING failures, locked_until`;
        // Over the limit: nothing of this transaction is kept (the other key is not counted).
        if (row!.failures > ATTEMPT_LIMITS[kind])
          throw new Refused(row!.locked_until ?? new Date(Date.now() + LOCK_MINUTES * 60_000));
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.until;
    throw error;
  }
}

/** An attempt that was no failed guess gives its reservation back; `forget` also clears the email's count. */
export async function releaseAttempt(email: string, ip: string | null, { forget = false } = {}): Promise<void> {
  if (forget) await db.signInThrottle.deleteMany({ where: { key: keyOf("email", email) } });
  await release(keysFor(email, ip).filter(({ kind }) => !(forget && kind === "email")));
}

async function release(keys: { kind: Kind; key: string }[]): Promise<void> {
  for (const { kind, key } of keys) {
    await db.$executeRaw`
      UPDATE sign_in_throttle SET
        failures = greatest(failures - 1, 0),
        locked_until = CASE WHEN failures - 1 < ${ATTEMPT_LIMITS[kind]} THEN NULL ELSE locked_until END
      WHERE key = ${key}`;
  }
}

/** The time until which attempts are refused for this email or address, or null. */
export async function lockedUntil(email: string, ip: string | null): Promise<Date | null> {
  const rows = await db.signInThrottle.findMany({
    where: { key: { in: keysFor(email, ip).map((k) => k.key) }, lockedUntil: { gt: new Date() } },
    select: { lockedUntil: true },
  });
  const times = rows.map((r) => r.lockedUntil!.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}
