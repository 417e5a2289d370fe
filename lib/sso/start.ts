import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { pool } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { actorFor, type Actor } from "@/lib/platform/auth/actor";
import { safeCallback } from "@/lib/platform/auth/safe-callback";
import { clientSecret, loadSsoConfig } from "./config";
import { discover, ProviderUnavailable } from "./discovery";

// The authorization request: PKCE S256, a one-use state bound to this browser, a nonce.

export const SSO_STATE_COOKIE = "console-sso-state";
/** How long a person may spend at the provider before the attempt is refused. */
export const ATTEMPT_MINUTES = 10;

export const stateHash = (state: string) => createHash("sha256").update(state).digest("hex");
const random = () => randomBytes(32).toString("base64url");

export type Started = { ok: true; url: string; state: string } | { ok: false; reason: "off" | "unavailable" };

export async function startSignIn(
  input: { callbackUrl?: string | null; redirectUri: string },
  from: Omit<Actor<null>, "user"> = actorFor(null),
): Promise<Started> {
  const actor = { ...from, user: null };
  const cfg = await loadSsoConfig();
  if (cfg.mode === "off" || !cfg.issuer || !cfg.clientId || !(await clientSecret()))
    return { ok: false, reason: "off" };
  let endpoint: string;
  try {
    // Asked afresh at every start: a provider that is down is told here, on the console's page.
    endpoint = (await discover(cfg.issuer, { fresh: true })).authorization_endpoint;
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await audit({
      actor,
      action: "auth.sso",
      result: "failed",
      reason: "provider unavailable",
      detail: { step: "start", detail: error.message },
    });
    return { ok: false, reason: "unavailable" };
  }
  const state = random();
  const nonce = random();
  const verifier = random();
  await pool.query(
    "INSERT INTO sso_attempts (state_hash, nonce, code_verifier, callback_url) VALUES ($1, $2, $3, $4)",
    [stateHash(state), nonce, verifier, safeCallback(input.callbackUrl)],
  );
  // Attempts nobody finished are of no use after their time: the table stays small.
  await pool.query("DELETE FROM sso_attempts WHERE created_at < now() - interval '1 day'");
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: cfg.clientId,
    redirect_uri: input.redirectUri,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { ok: true, url: url.toString(), state };
}
