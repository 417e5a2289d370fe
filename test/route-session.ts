import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { db, pool } from "@/lib/platform/db";
import { authOptions } from "@/lib/sign-in/options";
import { newTotpSecret, totpSecretName } from "@/lib/platform/auth/totp";
import { secretsKeyring } from "@/lib/platform/config";
import { seal } from "@/lib/platform/secrets/crypto";

// Calling a real route handler as a signed-in person: a user of the role with an enrolled
// second factor (so every role's account is complete), a server-side session row, and the
// next-auth cookie that names it. Nothing in route() is bypassed.

export type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function signedInAs(role: string): Promise<{ id: string; cookie: string }> {
  const id = randomUUID();
  await db.user.create({
    data: { id, email: `${role}-${id.slice(0, 8)}@example.com`, name: role, role, passwordHash: "x" },
  });
  // A really sealed secret: other files (secrets:rotate's test) open every enrolled one.
  const sealed = seal(newTotpSecret(), totpSecretName(id), secretsKeyring());
  await db.userMfa.create({
    data: {
      userId: id,
      ciphertext: new Uint8Array(sealed.ciphertext),
      iv: new Uint8Array(sealed.iv),
      tag: new Uint8Array(sealed.tag),
      keyVersion: sealed.keyVersion,
      enabledAt: new Date(),
    },
  });
  return { id, cookie: await sessionCookie(id) };
}

/** A new server-side session of this user, and the next-auth token that names it (the cookie's value). */
export async function sessionToken(id: string): Promise<string> {
  const sid = randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    id,
  ]);
  return encode({ token: { sub: id, sid }, secret: authOptions.secret! });
}

/** A new server-side session of this user, and the next-auth cookie that names it. */
export const sessionCookie = async (id: string) => `next-auth.session-token=${await sessionToken(id)}`;

/** GET a path through a handler with that session's cookie. */
export function getAs(handler: RouteHandler, cookie: string, path: string, params: Record<string, string> = {}) {
  return handler(new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000", cookie } }), {
    params: Promise.resolve(params),
  });
}
