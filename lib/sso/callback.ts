import "server-only";
import { pool } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { actorFor, type Actor } from "@/lib/platform/auth/actor";
import { mfaEnabled } from "@/lib/platform/auth/mfa";
import { requiresMfa } from "@/lib/platform/auth/session-policy";
import { createTicket } from "@/lib/platform/auth/sso-ticket";
import { guardedFetch } from "@/lib/platform/http/ssrf";
import { getSettings } from "@/lib/platform/settings/service";
import { clientSecret, loadSsoConfig, type SsoConfig } from "./config";
import { discover, ProviderUnavailable, type ProviderMetadata } from "./discovery";
import { IdTokenRefused, verifyIdToken } from "./id-token";
import { personFor } from "./people";
import { ATTEMPT_MINUTES, stateHash } from "./start";

// The provider's answer checked (docs/security.md, single sign-on); a verified person gets a ticket, never a session.

export type PublicRefusal = "unmapped" | "unavailable" | "unverified_email" | "disabled" | "denied" | "failed" | "off";
export type Finished =
  | { ok: true; ticket: string; maxAge: number; needsCode: boolean; callbackUrl: string }
  | { ok: false; reason: PublicRefusal; why: string };

/** `amr` values (RFC 8176) that mean more than one factor, or a factor beyond a password. */
const SECOND_FACTOR_AMR = ["mfa", "otp", "hwk", "sc"];

export type CallbackInput = {
  query: URLSearchParams;
  /** The state cookie this browser holds (set when the sign-in started here). */
  stateCookie: string | null;
  redirectUri: string;
  /** Tests: verify the ID token at another time, let the key set be fetched again at once. */
  at?: Date;
  jwksCooldownMs?: number;
};

class Refused extends Error {
  constructor(
    readonly reason: PublicRefusal,
    readonly why: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(why);
  }
}

/** Takes the attempt this state names, once: a second use, an unknown or an expired state finds nothing. */
async function claimAttempt(state: string) {
  const { rows } = await pool.query<{ nonce: string; code_verifier: string; callback_url: string }>(
    `UPDATE sso_attempts SET used_at = now()
      WHERE state_hash = $1 AND used_at IS NULL AND created_at > now() - make_interval(mins => $2)
      RETURNING nonce, code_verifier, callback_url`,
    [stateHash(state), ATTEMPT_MINUTES],
  );
  return rows[0] ?? null;
}

async function exchange(meta: ProviderMetadata, cfg: SsoConfig, code: string, verifier: string, redirectUri: string) {
  const secret = await clientSecret();
  if (!secret) throw new Refused("off", "no client secret");
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  const methods = meta.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (methods.includes("client_secret_basic"))
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`;
  else {
    body.set("client_id", cfg.clientId);
    body.set("client_secret", secret);
  }
  let res: Response;
  try {
    res = await guardedFetch(meta.token_endpoint, { method: "POST", headers, body, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new Refused("unavailable", "token endpoint unreachable", { detail: String(error) });
  }
  const json = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!res.ok) throw new Refused("failed", "token request refused", { status: res.status, error: json.error ?? null });
  if (typeof json.id_token !== "string") throw new Refused("failed", "no ID token");
  return json.id_token;
}

/** How the token says a second factor was used, or null (then money roles still need the console's). */
export function providerSecondFactor(claims: Record<string, unknown>, cfg: Pick<SsoConfig, "mfaAcr">): string | null {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === "string") : [];
  const strong = amr.find((v) => SECOND_FACTOR_AMR.includes(v));
  if (strong) return `amr:${strong}`;
  if (typeof claims.acr === "string" && cfg.mfaAcr.includes(claims.acr)) return `acr:${claims.acr}`;
  return null;
}

async function verified(input: CallbackInput, actor: Actor<null>): Promise<Finished> {
  const { query } = input;
  const state = query.get("state");
  if (!state || !input.stateCookie || state !== input.stateCookie)
    throw new Refused("failed", "state does not match this browser's");
  const attempt = await claimAttempt(state);
  if (!attempt) throw new Refused("failed", "state unknown, expired or used already");
  if (query.get("error")) throw new Refused("denied", "provider error", { error: query.get("error") });
  const cfg = await loadSsoConfig();
  if (cfg.mode === "off" || !cfg.issuer) throw new Refused("off", "single sign-on is off");
  // RFC 9207: an authorization response naming another issuer was meant for another provider (mix-up).
  const iss = query.get("iss");
  if (iss !== null && iss !== cfg.issuer) throw new Refused("failed", "response from another issuer", { iss });
  const code = query.get("code");
  if (!code) throw new Refused("failed", "no code");
  const meta = await discover(cfg.issuer);
  const idToken = await exchange(meta, cfg, code, attempt.code_verifier, input.redirectUri);
  const claims = await verifyIdToken({
    idToken,
    issuer: cfg.issuer,
    clientId: cfg.clientId,
    nonce: attempt.nonce,
    jwksUri: meta.jwks_uri,
    at: input.at,
    jwksCooldownMs: input.jwksCooldownMs,
  });
  const found = await personFor(claims, cfg, actor);
  if ("refused" in found) throw new Refused(found.refused, found.refused, found.detail);
  const { person } = found;
  const factor = providerSecondFactor(claims, cfg);
  const everyone = (await getSettings()).mfaRequiredForEveryone;
  const needsCode = !factor && requiresMfa(person.grants, everyone) && (await mfaEnabled(person.id));
  const ticket = await createTicket({
    userId: person.id,
    needsCode,
    factor: factor ?? "none",
    callbackUrl: attempt.callback_url,
  });
  await audit({
    actor,
    action: "auth.sso",
    result: "ok",
    reason: needsCode ? "console second factor next" : undefined,
    targetType: "user",
    targetId: person.id,
    detail: { email: person.email, factor: factor ?? "none", created: person.created, sub: String(claims.sub) },
  });
  return { ok: true, ...ticket, needsCode, callbackUrl: attempt.callback_url };
}

export async function finishSignIn(
  input: CallbackInput,
  from: Omit<Actor<null>, "user"> = actorFor(null),
): Promise<Finished> {
  const actor = { ...from, user: null };
  try {
    return await verified(input, actor);
  } catch (error) {
    const refused =
      error instanceof Refused
        ? error
        : error instanceof IdTokenRefused
          ? new Refused("failed", `ID token: ${error.why}`, { detail: error.message })
          : error instanceof ProviderUnavailable
            ? new Refused("unavailable", "provider unavailable", { detail: error.message })
            : null;
    if (!refused) throw error;
    await audit({
      actor,
      action: "auth.sso",
      result: refused.reason === "unavailable" ? "failed" : "denied",
      reason: refused.why,
      detail: { step: "callback", ...refused.detail } as never,
    });
    return { ok: false, reason: refused.reason, why: refused.why };
  }
}
