import "server-only";
import { getSettings } from "@/lib/settings/service";
import { readSecret, SECRET_NAMES } from "@/lib/secrets/store";
import { createCustomsClient } from "./client";
import { CustomsError } from "./errors";

/** The customs client with the current settings and token. Server only. */
export async function getCustoms() {
  const [s, token] = await Promise.all([getSettings(), readSecret(SECRET_NAMES.customsToken)]);
  if (!token) throw new CustomsError("not_configured", "no customs token is set");
  return createCustomsClient({ baseUrl: s.customsBaseUrl, token: token.value, timeoutMs: s.customsTimeoutMs, declarationInquiryPath: s.declarationInquiryPath });
}

export { CustomsError, CUSTOMS_ERRORS } from "./errors";
