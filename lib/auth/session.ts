import "server-only";
import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { forbidden, redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { pool } from "@/lib/db";
import { can, type Permission, type Role } from "@/lib/auth/permissions";

export type CurrentUser = { id: string; email: string; name: string; role: Role };

/**
 * The signed-in user, read from the database on every request so that a demotion or a
 * disabled flag takes effect at once. Null when anonymous, disabled or deleted.
 */
export const getCurrentUser = cache(async (cookieSource?: CookieSource): Promise<CurrentUser | null> => {
  const id = await sessionUserId(cookieSource ?? (await cookies()));
  if (!id) return null;
  const { rows } = await pool.query<CurrentUser & { disabled: boolean }>(
    "SELECT id, email, name, role, disabled FROM users WHERE id = $1",
    [id],
  );
  const user = rows[0];
  if (!user || user.disabled) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role };
});

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user id in the session cookie. Decoding the JWT directly costs a tenth of
 * getServerSession, which runs next-auth's whole session handler on each call.
 * A cookie that fails to decrypt (tampered, other secret, expired) is no session.
 */
async function sessionUserId(jar: CookieSource): Promise<string | null> {
  const raw = SESSION_COOKIES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!raw) return null;
  try {
    const { payload } = await jwtDecrypt(raw, sessionKey(), { clockTolerance: 15 });
    return typeof payload.sub === "string" && UUID.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

type CookieSource = { get(name: string): { value: string } | undefined };

// next-auth v4's session encryption key (HKDF of NEXTAUTH_SECRET), derived once per process.
let derived: { secret: string; key: Uint8Array } | null = null;
function sessionKey(): Uint8Array {
  const secret = process.env.NEXTAUTH_SECRET ?? "";
  if (derived?.secret !== secret) {
    derived = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32)) };
  }
  return derived.key;
}

/** For server components: anonymous → sign-in page; without the permission → 403 page. */
export async function requirePageUser(permission?: Permission): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) {
    const path = (await headers()).get("x-console-path") ?? "/";
    redirect(`/login?callbackUrl=${encodeURIComponent(path)}`);
  }
  if (permission && !can(user.role, permission)) forbidden();
  return user;
}
