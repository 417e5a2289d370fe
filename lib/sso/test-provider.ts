import "server-only";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { loadSsoConfig } from "./config";
import { discover, fetchKeys, ProviderUnavailable, type Unavailable } from "./discovery";

// The admin's Test: discovery and keys, both public (no step-up); the page words the answer's code.

export type SsoTestResult =
  | { ok: true; issuer: string; keys: number; pkce: boolean }
  | { ok: false; issuer: string | null; problem: Unavailable | "no_issuer" };

export async function testSsoProvider(input: { issuer?: string }, actor: Actor): Promise<SsoTestResult> {
  const issuer = input.issuer ?? ((await loadSsoConfig()).issuer || null);
  let result: SsoTestResult;
  let detail = "";
  if (!issuer) result = { ok: false, issuer, problem: "no_issuer" };
  else {
    try {
      const meta = await discover(issuer, { fresh: true });
      const keys = await fetchKeys(meta.jwks_uri);
      const pkce = !meta.code_challenge_methods_supported || meta.code_challenge_methods_supported.includes("S256");
      result = { ok: true, issuer, keys: keys.keys.keys.length, pkce };
      if (result.keys === 0) result = { ok: false, issuer, problem: "no_keys" };
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      result = { ok: false, issuer, problem: error.kind };
      detail = error.message;
    }
  }
  await audit({
    actor,
    action: "settings.sso_test",
    result: result.ok ? "ok" : "failed",
    reason: result.ok ? undefined : result.problem,
    detail: { issuer, detail },
  });
  return result;
}
