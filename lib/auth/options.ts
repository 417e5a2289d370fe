import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/log";
import { dummyPasswordHash, verifyPassword } from "@/lib/auth/password";
import { clearFailures, lockedUntil, recordFailure } from "@/lib/auth/throttle";
import { SIGN_IN_ERRORS } from "@/lib/auth/sign-in-errors";

const credentialsSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(1024),
});


function headerOf(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, req) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        const ip = headerOf(req?.headers, "x-forwarded-for")?.split(",")[0]?.trim() ?? null;
        const userAgent = headerOf(req?.headers, "user-agent");

        if (await lockedUntil(email, ip)) {
          await audit({ action: "auth.sign_in", result: "denied", reason: "throttled", detail: { email }, ip, userAgent });
          throw new Error(SIGN_IN_ERRORS.throttled);
        }
        const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
        const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
        if (!user || !valid || user.disabled) {
          await recordFailure(email, ip);
          await audit({
            actor: user ? { id: user.id, email: user.email, role: user.role } : null,
            action: "auth.sign_in",
            result: "denied",
            reason: !user ? "unknown email" : !valid ? "wrong password" : "disabled",
            detail: { email },
            ip,
            userAgent,
          });
          return null;
        }
        await clearFailures(email);
        await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
        await audit({ actor: user, action: "auth.sign_in", result: "ok", ip, userAgent });
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      // A fresh session id at every sign-in; role and status are read from the database per request.
      if (user) {
        token.sub = user.id;
        token.sid = randomUUID();
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};
