import "server-only";
import { getSettings } from "@/lib/settings/service";
import { createUpiClient, issueAccessToken } from "./client";
import { TokenManager } from "./token-manager";

const globalForUpi = globalThis as unknown as { upiTokens?: TokenManager };

/** The process-wide token manager; it issues tokens against the configured base URL. */
export const tokenManager: TokenManager = (globalForUpi.upiTokens ??= new TokenManager(async () => {
  const s = await getSettings();
  return (privateKey) => issueAccessToken({ baseUrl: s.upiBaseUrl, timeoutMs: s.upiTimeoutMs }, privateKey);
}));

/** The Unified Payment API client with the current settings. Server only. */
export async function getUpi() {
  const s = await getSettings();
  return createUpiClient({ baseUrl: s.upiBaseUrl, timeoutMs: s.upiTimeoutMs }, tokenManager);
}

export { UpiError, UPI_ERRORS } from "./errors";
