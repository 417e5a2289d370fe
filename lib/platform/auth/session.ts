import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { forbidden, redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { pool } from "@/lib/platform/db";
import { can, isPermission, type Permission } from "@/lib/platform/auth/permissions";
import { requiresMfa, sessionPolicy } from "@/lib/platform/auth/session-policy";
import { config } from "@/lib/platform/config";
import { log } from "@/lib/platform/log";
import type { StaffUser } from "@/lib/platform/auth/actor";

export type CurrentUser = StaffUser & {
  roleName: string;
  sessionId: string;
  locale: string | null;
  timeZone: string | null;
  theme: "light" | "dark" | null;
  mustChangePassword: boolean;
  mfaEnabled: boolean;
  /** This user must have a second factor: by role, or by the merchant's "required for everyone". */
  mfaRequired: boolean;
  steppedUpAt: Date | null;
};

/** What the account still needs before the console opens: a new password, then a second factor. */
export function pendingAccountStep(user: CurrentUser): "password" | "mfa" | null {
  if (user.mustChangePassword) return "password";
  if (user.mfaRequired && !user.mfaEnabled) return "mfa";
  return null;
}

type Row = {
  id: string;
  email: string;
  name: string;
  role: string;
  role_name: string;
  permissions: string[];
  disabled: boolean;
  must_change_password: boolean;
  mfa_enabled: boolean;
  stepped_up_at: Date | null;
  mfa_for_everyone: boolean;
  locale: string | null;
  time_zone: string | null;
  theme: string | null;
  stale: boolean;
};

// One round trip: the live session, its user and the two-step rule; last_seen_at moves at most every 15 s.
const SESSION_SQL = `
  SELECT u.id, u.email, u.name, u.role, r.name AS role_name, r.permissions, u.disabled, u.must_change_password, u.locale, u.time_zone, u.theme,
         (m.enabled_at IS NOT NULL) AS mfa_enabled, s.stepped_up_at,
         COALESCE((SELECT value = 'true'::jsonb FROM settings WHERE key = 'mfaRequiredForEveryone'), true)
           AS mfa_for_everyone,
         s.last_seen_at < now() - interval '15 seconds' AS stale
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.key = u.role
    LEFT JOIN user_mfa m ON m.user_id = u.id
   WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
     AND s.last_seen_at > now() - make_interval(secs => $3)`;

// Prepared once per connection (ADR 0004); behind a transaction-mode pooler (42P05), plain queries.
let named = true;
async function sessionRows(values: unknown[]): Promise<Row[]> {
  if (named) {
    try {
      return (await pool.query<Row>({ name: "current-session", text: SESSION_SQL, values })).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== "42P05") throw error;
      named = false;
    }
  }
  return (await pool.query<Row>(SESSION_SQL, values)).rows;
}

function touch(sessionId: string) {
  pool
    .query("UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND revoked_at IS NULL", [sessionId])
    .catch((e: unknown) => log.error(`[sessions] last_seen_at not updated: ${e instanceof Error ? e.message : e}`));
}

/** The signed-in user, read from the database on every request, so a demotion or sign-out applies at once. */
export const getCurrentUser = cache(async (cookieSource?: CookieSource): Promise<CurrentUser | null> => {
  const claims = await sessionClaims(cookieSource ?? (await cookies()));
  if (!claims) return null;
  const rows = await sessionRows([claims.sid, claims.sub, sessionPolicy().idleMinutes * 60]);
  const user = rows[0];
  if (!user || user.disabled) return null;
  if (user.stale) touch(claims.sid);
  // Read with the session on every request: a role's permissions changed by an admin apply at once.
  const permissions = user.permissions.filter(isPermission);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    roleName: user.role_name,
    permissions,
    sessionId: claims.sid,
    locale: user.locale,
    timeZone: user.time_zone,
    theme: user.theme === "light" || user.theme === "dark" ? user.theme : null,
    mustChangePassword: user.must_change_password,
    mfaEnabled: user.mfa_enabled,
    mfaRequired: requiresMfa({ permissions }, user.mfa_for_everyone),
    steppedUpAt: user.stepped_up_at,
  };
});

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user and session ids in the session cookie. */
export async function sessionClaims(jar: CookieSource): Promise<{ sub: string; sid: string } | null> {
  const raw = SESSION_COOKIES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!raw) return null;
  const known = recentClaims.get(raw);
  if (known && known.until > Date.now()) {
    recentClaims.delete(raw); // most recently used last
    recentClaims.set(raw, known);
    return known.claims;
  }
  recentClaims.delete(raw);
  try {
    const { payload } = await jwtDecrypt(raw, sessionKey(), { clockTolerance: CLOCK_TOLERANCE_S });
    const { sub, sid, exp } = payload;
    if (!(typeof sub === "string" && UUID.test(sub) && typeof sid === "string" && UUID.test(sid))) return null;
    const claims = { sub, sid };
    if (typeof exp === "number") {
      recentClaims.set(raw, { claims, until: (exp + CLOCK_TOLERANCE_S) * 1000 });
      if (recentClaims.size > RECENT_CLAIMS) recentClaims.delete(recentClaims.keys().next().value!);
    }
    return claims;
  } catch {
    return null;
  }
}

const CLOCK_TOLERANCE_S = 15;
// Only the decryption is cached: every request still reads the session's row.
const RECENT_CLAIMS = 5000;
const recentClaims = new Map<string, { claims: { sub: string; sid: string }; until: number }>();

type CookieSource = { get(name: string): { value: string } | undefined };

// next-auth v4's session encryption key (HKDF of NEXTAUTH_SECRET), derived once per process.
let derived: { secret: string; key: Uint8Array } | null = null;
function sessionKey(): Uint8Array {
  const secret = config().auth.secret ?? "";
  if (derived?.secret !== secret) {
    derived = {
      secret,
      key: new Uint8Array(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32)),
    };
  }
  return derived.key;
}

/** For server components: anonymous → sign-in page (saying the session ended when a cookie was there). */
export async function requirePageUser(
  permission?: Permission,
  options: { incomplete?: boolean } = {},
): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const path = (await headers()).get("x-console-path") ?? "/";
    const ended = (await sessionClaims(await cookies())) ? "&ended=1" : "";
    redirect(`/login?callbackUrl=${encodeURIComponent(path)}${ended}`);
  }
  if (!options.incomplete) {
    const step = pendingAccountStep(user);
    if (step === "password") redirect("/account/password");
    if (step === "mfa") redirect("/account/security");
  }
  if (permission && !can(user, permission)) forbidden();
  return user;
}

/** Whether this session gave a fresh second-factor code recently enough for a sensitive action. */
export function steppedUp(user: CurrentUser, now = Date.now()): boolean {
  return !!user.steppedUpAt && now - user.steppedUpAt.getTime() < sessionPolicy().stepUpMinutes * 60_000;
}
