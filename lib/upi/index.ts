import "server-only";
import { getSettingsState } from "@/lib/settings/service";
import { createUpiClient, issueAccessToken } from "./client";
import { UpiError } from "./errors";
import { TokenManager } from "./token-manager";

const globalForUpi = globalThis as unknown as { upiTokens?: TokenManager };

/**
 * The base URL ordinary calls may use. After an admin changes it, nothing (no private key,
 * no token) goes there until Test connection succeeds at the new address.
 */
async function verifiedConfig() {
  const { settings: s, unverified } = await getSettingsState();
  if (unverified.upiBaseUrl) throw new UpiError("not_verified", null, "the base URL changed and was not tested yet", "failed");
  return { baseUrl: s.upiBaseUrl, timeoutMs: s.upiTimeoutMs };
}

/** The process-wide token manager; it issues tokens against the configured base URL. */
export const tokenManager: TokenManager = (globalForUpi.upiTokens ??= new TokenManager(async () => {
  const config = await verifiedConfig();
  return (privateKey) => issueAccessToken(config, privateKey);
}));

/** The Unified Payment API client with the current settings. Server only. */
export async function getUpi() {
  return createUpiClient(await verifiedConfig(), tokenManager);
}

export { UpiError, UPI_ERRORS } from "./errors";
