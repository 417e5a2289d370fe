import "server-only";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { actorFor, toStaff } from "@/lib/platform/auth/actor";
import { verifySecondFactor } from "@/lib/platform/auth/mfa";
import { SIGN_IN_ERRORS } from "@/lib/platform/auth/sign-in-errors";
import { browserHintsSchema, cookieOf, openSignedInSession, signInRequest } from "@/lib/sign-in/sign-in-common";
import { countWrongCode, peekTicket, SSO_TICKET_COOKIE, spendTicket } from "@/lib/platform/auth/sso-ticket";

// The company sign-in's last step: the console's code when the ticket needs one, then the session.

const schema = z.object({ code: z.string().trim().max(32).optional(), ...browserHintsSchema });

export const ssoProvider = CredentialsProvider({
  id: "sso",
  name: "Company single sign-on",
  credentials: {
    code: { label: "Authenticator or recovery code", type: "text" },
    languages: { label: "Browser languages", type: "text" },
    timeZone: { label: "Browser time zone", type: "text" },
  },
  async authorize(raw, req) {
    const parsed = schema.safeParse(raw ?? {});
    if (!parsed.success) return null;
    const { code, languages, timeZone } = parsed.data;
    const { headers, from } = signInRequest(req);
    const raw_ticket = cookieOf(headers, SSO_TICKET_COOKIE);
    const ticket = raw_ticket ? await peekTicket(raw_ticket) : null;
    if (!raw_ticket || !ticket) throw new Error(SIGN_IN_ERRORS.ssoExpired);
    const user = await db.user.findUnique({
      where: { id: ticket.userId },
      include: { staffRole: { select: { permissions: true } } },
    });
    if (!user || user.disabled) throw new Error(SIGN_IN_ERRORS.ssoExpired);
    const actor = actorFor(toStaff(user), from);
    let second = ticket.factor;
    if (ticket.needsCode) {
      if (!code) throw new Error(SIGN_IN_ERRORS.mfaRequired);
      const factor = await verifySecondFactor(user.id, code);
      if (!factor) {
        await countWrongCode(raw_ticket);
        await audit({ actor, action: "auth.sign_in", result: "denied", reason: "sso: wrong second factor" });
        throw new Error(SIGN_IN_ERRORS.mfaInvalid);
      }
      second = `console ${factor}`;
    }
    // Two tabs finishing one ticket: one session.
    if (!(await spendTicket(raw_ticket))) throw new Error(SIGN_IN_ERRORS.ssoExpired);
    return openSignedInSession(user, actor, { languages, timeZone }, `sso, second factor: ${second}`);
  },
});
