import { type NotificationEvent, notify } from "./outbox";

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Your account signed in from an address it had not used: you. */
export const signInNewAddress = (userId: string, address: string, at: Date): NotificationEvent => ({
  kind: "signInNewAddress",
  params: { address, at: at.toISOString() },
  link: "/account/security",
  to: { users: [userId] },
});

/** An admin reset your two-step sign-in: you (even when you did it yourself). */
export const mfaReset = (userId: string, by: string): NotificationEvent => ({
  kind: "mfaReset",
  params: { by },
  link: "/account/security",
  to: { users: [userId] },
});

/** Inbound notifications rejected or unconfirmed above the rate: the admins, once per step a day. */
export const webhooksFailing = (
  counts: { total: number; rejected: number; unconfirmed: number },
  step: number,
  now: number,
): NotificationEvent => ({
  kind: "webhooksFailing",
  params: { ...counts, failing: counts.rejected + counts.unconfirmed },
  link: "/webhooks",
  to: { permission: "users.manage" },
  onceKey: `webhooks-failing:${step}:${dayOf(now)}`,
});

/** A credential is about to stop working: the admins, once per credential and step a day. */
export const credentialsExpiring = (
  credential: "token_renewal" | "webhook_secret_previous",
  detail: string,
  expiresAt: Date,
  now: number,
): NotificationEvent => ({
  kind: "credentialsExpiring",
  params: { credential, detail, expiresAt: expiresAt.toISOString() },
  link: "/settings",
  to: { permission: "users.manage" },
  onceKey: `credentials:${credential}:${dayOf(now)}`,
});

/** The MFA reset's notice, written in the reset's transaction (lib/platform/auth/mfa.ts resetMfa). */
export const tellMfaReset = (tx: Parameters<typeof notify>[0], targetId: string, by: string) =>
  notify(tx, mfaReset(targetId, by));
