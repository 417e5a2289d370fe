import "server-only";
import { CONFIG_TOPICS, watchConfigChanges } from "@/lib/platform/events";
import { getSettingsState } from "@/lib/platform/settings/service";
import { createUpiClient, issueAccessToken } from "./client";
import { UpiError } from "./errors";
import { TokenManager } from "./token-manager";

async function verifiedConfig() {
  const { settings: s, unverified } = await getSettingsState();
  if (unverified.upiBaseUrl)
    throw new UpiError("not_verified", null, "the base URL changed and was not tested yet", "failed");
  return { baseUrl: s.upiBaseUrl, timeoutMs: s.upiTimeoutMs };
}

/** The in-memory token is dropped whenever any process changes the key, the token or the settings. */
export const tokenManager: TokenManager = new TokenManager(
  async () => {
    const config = await verifiedConfig();
    return (privateKey) => issueAccessToken(config, privateKey);
  },
  {
    check: watchConfigChanges([CONFIG_TOPICS.privateKey, CONFIG_TOPICS.accessToken, CONFIG_TOPICS.settings], () =>
      tokenManager.reset(),
    ),
  },
);

/** The Unified Payment API client with the current settings. Server only. */
export async function getUpi() {
  return createUpiClient(await verifiedConfig(), tokenManager);
}
