import "server-only";
import { db } from "@/lib/db";

// Sign-in throttling lives in PostgreSQL so it holds across console instances.
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
const LIMITS = { email: 5, ip: 30 } as const;

type Kind = keyof typeof LIMITS;
const keyOf = (kind: Kind, value: string) => `${kind}:${value.toLowerCase()}`;

function keysFor(email: string, ip: string | null) {
  const keys: { kind: Kind; key: string }[] = [{ kind: "email", key: keyOf("email", email) }];
  if (ip) keys.push({ kind: "ip", key: keyOf("ip", ip) });
  return keys;
}

/** The time until which sign-in is refused for this email or address, or null. */
export async function lockedUntil(email: string, ip: string | null): Promise<Date | null> {
  const rows = await db.signInThrottle.findMany({
    where: { key: { in: keysFor(email, ip).map((k) => k.key) }, lockedUntil: { gt: new Date() } },
    select: { lockedUntil: true },
  });
  const times = rows.map((r) => r.lockedUntil!.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

export async function recordFailure(email: string, ip: string | null): Promise<void> {
  for (const { kind, key } of keysFor(email, ip)) {
    // One statement, so concurrent failures cannot under-count.
    await db.$executeRaw`
      INSERT INTO sign_in_throttle (key, failures, window_start)
      VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN sign_in_throttle.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})
                        THEN 1 ELSE sign_in_throttle.failures + 1 END,
        window_start = CASE WHEN sign_in_throttle.window_start < now() - make_interval(mins => ${WINDOW_MINUTES})
                            THEN now() ELSE sign_in_throttle.window_start END,
        locked_until = CASE WHEN sign_in_throttle.window_start >= now() - make_interval(mins => ${WINDOW_MINUTES})
                             AND sign_in_throttle.failures + 1 >= ${LIMITS[kind]}
                            THEN now() + make_interval(mins => ${LOCK_MINUTES})
                            ELSE sign_in_throttle.locked_until END`;
  }
}

export async function clearFailures(email: string): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: keyOf("email", email) } });
}
