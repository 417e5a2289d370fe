import { Secret, TOTP } from "otpauth";

// RFC 6238 codes (SHA-1, 6 digits, 30 s); no server-only: scripts and tests use it too.
export const TOTP_ISSUER = "Merchant Console";
const PERIOD = 30;

function totp(secret: string, label = "") {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
  });
}

/** The name the sealed TOTP secret is bound to: moved to another user, it no longer opens. */
export const totpSecretName = (userId: string) => `totp:${userId}`;

/** A new 160-bit shared secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The code for a moment (now by default): for scripts and tests. */
export function totpCode(secret: string, at: number = Date.now()): string {
  return totp(secret).generate({ timestamp: at });
}

/** Six digits, spaces allowed: an authenticator code rather than a recovery code. */
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ""));

/** The time step a code belongs to, accepting one step either side for clock drift. */
export function totpStep(secret: string, code: string, at: number = Date.now()): number | null {
  if (!looksLikeTotp(code)) return null;
  const token = code.replace(/\s+/g, "");
  const delta = totp(secret).validate({ token, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD) + delta;
}

/** Whole seconds from `at` until time step `step` begins (0 or less: it has begun). */
export function secondsUntilStep(step: number, at: number = Date.now()): number {
  return Math.ceil(step * PERIOD - at / 1000);
}
