import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { dummyPasswordHash, verifyPassword } from "@/lib/platform/auth/password";
import { releaseAttempt, reserveAttempt } from "@/lib/platform/auth/throttle";
import { SIGN_IN_ERRORS } from "@/lib/platform/auth/sign-in-errors";
import { mfaEnabled, verifySecondFactor } from "@/lib/platform/auth/mfa";
import { sessionPolicy } from "@/lib/platform/auth/session-policy";
import { config } from "@/lib/platform/config";
import { pool } from "@/lib/platform/db";
import { actorFor, STAFF_SELECT, toStaff } from "@/lib/platform/auth/actor";
import { browserHintsSchema, openSignedInSession, signInRequest } from "@/lib/sign-in/sign-in-common";
import { passwordAllowed } from "@/lib/platform/auth/sso-gate";
import { ssoProvider } from "@/lib/sign-in/sso-provider";

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(1024),
  code: z.string().trim().max(32).optional(),
  ...browserHintsSchema,
});

export const authOptions: NextAuthOptions = {
  secret: config().auth.secret,
  session: { strategy: "jwt", maxAge: sessionPolicy().maxMinutes * 60 },
  // Secure cookies (and the __Secure- prefix) whenever the console is served over HTTPS.
  useSecureCookies: (config().auth.url ?? "").startsWith("https://"),
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        code: { label: "Authenticator or recovery code", type: "text" },
        languages: { label: "Browser languages", type: "text" },
        timeZone: { label: "Browser time zone", type: "text" },
      },
      async authorize(raw, req) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password, code, languages, timeZone } = parsed.data;
        const { from } = signInRequest(req);
        const ip = from.ip;

        // Reserved before the password is checked: parallel guesses cannot outrun the count.
        if (await reserveAttempt(email, ip)) {
          await audit({
            actor: actorFor(null, from),
            action: "auth.sign_in",
            result: "denied",
            reason: "throttled",
            detail: { email },
          });
          throw new Error(SIGN_IN_ERRORS.throttled);
        }
        // SSO required: a password is refused before it is checked, whoever types it, unless the
        // admin listed the person for break-glass (lib/platform/auth/sso-gate.ts).
        if (!(await passwordAllowed(email))) {
          await releaseAttempt(email, ip);
          await audit({
            actor: actorFor(null, from),
            action: "auth.sign_in",
            result: "denied",
            reason: "sso required",
            detail: { email },
          });
          throw new Error(SIGN_IN_ERRORS.ssoRequired);
        }
        const user = await db.user.findUnique({
          where: { email },
          omit: { passwordHash: false },
          include: { staffRole: { select: { permissions: true } } },
        });
        const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        if (!user || !valid || user.disabled) {
          await audit({
            actor: actorFor(user ? toStaff(user) : null, from),
            action: "auth.sign_in",
            result: "denied",
            reason: !user ? "unknown email" : !valid ? "wrong password" : "disabled",
            detail: { email },
          });
          return null;
        }
        const actor = actorFor(toStaff(user), from);
        // The second factor, once enrolled: asked for after the password, never instead of it.
        let factor: "totp" | "recovery" | null = null;
        if (await mfaEnabled(user.id)) {
          if (!code) {
            await releaseAttempt(email, ip);
            throw new Error(SIGN_IN_ERRORS.mfaRequired);
          }
          factor = await verifySecondFactor(user.id, code);
          if (!factor) {
            await audit({ actor, action: "auth.sign_in", result: "denied", reason: "wrong second factor" });
            throw new Error(SIGN_IN_ERRORS.mfaInvalid);
          }
        }
        await releaseAttempt(email, ip, { forget: true });
        return openSignedInSession(
          user,
          actor,
          { languages, timeZone },
          factor === "recovery" ? "recovery code used" : undefined,
        );
      },
    }),
    ssoProvider,
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sid = (user as { sid?: string }).sid;
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
  events: {
    // Sign-out ends the session on the server too: the cookie alone would outlive it.
    async signOut({ token }) {
      const sid = typeof token?.sid === "string" ? token.sid : null;
      if (!sid) return;
      const { rows } = await pool.query<{ user_id: string }>(
        "UPDATE sessions SET revoked_at = now(), revoked_reason = 'signed out' WHERE id = $1 AND revoked_at IS NULL RETURNING user_id",
        [sid],
      );
      if (rows[0]) {
        const user = await db.user.findUnique({ where: { id: rows[0].user_id }, select: STAFF_SELECT });
        await audit({ actor: actorFor(user && toStaff(user)), action: "auth.sign_out", result: "ok" });
      }
    },
  },
};
