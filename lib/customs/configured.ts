import "server-only";
import { getSettingsState } from "@/lib/platform/settings/service";
import { guardedFetch } from "@/lib/platform/http/ssrf";
import { readSecret, SECRET_NAMES } from "@/lib/platform/secrets/store";
import { createCustomsClient } from "./client";
import { CustomsError } from "./errors";

/** The customs client with the current settings and token. Server only. */
export async function getCustoms() {
  const [{ settings: s, unverified }, token] = await Promise.all([
    getSettingsState(),
    readSecret(SECRET_NAMES.customsToken),
  ]);
  if (!token) throw new CustomsError("not_configured", "no customs token is set");
  if (unverified.customsBaseUrl)
    throw new CustomsError(
      "not_configured",
      "the customs base URL changed: enter the customs token again to use it there",
    );
  return createCustomsClient({
    baseUrl: s.customsBaseUrl,
    token: token.value,
    timeoutMs: s.customsTimeoutMs,
    declarationInquiryPath: s.declarationInquiryPath,
    fetch: guardedFetch,
  });
}
