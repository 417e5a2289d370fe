import "server-only";
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { guardedFetch } from "@/lib/platform/http/ssrf";

// The provider's metadata (an hour) and keys (until an unknown kid, once per cool-down), via the outbound guard.

const TIMEOUT_MS = 5000;
const METADATA_MS = 3_600_000;
export const JWKS_COOLDOWN_MS = 30_000;

/** What went wrong, for the admin's Test: not reached, not an OpenID Provider, another issuer, no keys. */
export type Unavailable = "unreachable" | "not_oidc" | "issuer_mismatch" | "no_keys";
export class ProviderUnavailable extends Error {
  constructor(
    detail: string,
    readonly kind: Unavailable = "unreachable",
  ) {
    super(detail);
    this.name = "ProviderUnavailable";
  }
}

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type ProviderMetadata = z.infer<typeof metadataSchema>;

async function getJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await guardedFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/json" } });
  } catch (error) {
    throw new ProviderUnavailable(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) throw new ProviderUnavailable(`${url}: HTTP ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new ProviderUnavailable(`${url}: not JSON`, "not_oidc");
  }
}

const metadataCache = new Map<string, { metadata: ProviderMetadata; at: number }>();

/** The issuer's discovery document; its `issuer` must be the configured issuer exactly (OIDC Discovery §4.3). */
export async function discover(issuer: string, { fresh = false } = {}): Promise<ProviderMetadata> {
  const cached = metadataCache.get(issuer);
  if (!fresh && cached && Date.now() - cached.at < METADATA_MS) return cached.metadata;
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const parsed = metadataSchema.safeParse(await getJson(url));
  if (!parsed.success) throw new ProviderUnavailable(`${url}: not an OpenID Provider configuration`, "not_oidc");
  if (parsed.data.issuer !== issuer)
    throw new ProviderUnavailable(`${url}: names the issuer ${parsed.data.issuer}, not ${issuer}`, "issuer_mismatch");
  metadataCache.set(issuer, { metadata: parsed.data, at: Date.now() });
  return parsed.data;
}

type KeySet = { keys: JSONWebKeySet; get: JWTVerifyGetKey; at: number };
const keyCache = new Map<string, KeySet>();

/** How many times each key set was fetched, for the tests of caching and rotation. */
export const jwksFetches = new Map<string, number>();

export async function fetchKeys(jwksUri: string): Promise<KeySet> {
  const body = (await getJson(jwksUri)) as JSONWebKeySet;
  if (!body || !Array.isArray(body.keys))
    throw new ProviderUnavailable(`${jwksUri}: not a JSON Web Key Set`, "no_keys");
  jwksFetches.set(jwksUri, (jwksFetches.get(jwksUri) ?? 0) + 1);
  const set = { keys: body, get: createLocalJWKSet(body), at: Date.now() };
  keyCache.set(jwksUri, set);
  return set;
}

/** A key resolver for jwtVerify: the cached set, fetched again once when the token's key is not in it. */
export function providerKeys(jwksUri: string, cooldownMs = JWKS_COOLDOWN_MS): JWTVerifyGetKey {
  return async (header, token) => {
    const cached = keyCache.get(jwksUri) ?? (await fetchKeys(jwksUri));
    try {
      return await cached.get(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - cached.at < cooldownMs) throw error;
      return (await fetchKeys(jwksUri)).get(header, token);
    }
  };
}

/** Forget what was fetched (a changed issuer; tests). */
export function forgetProvider() {
  metadataCache.clear();
  keyCache.clear();
}
