import { ApiError } from "@/lib/platform/api/errors";
import { config } from "@/lib/platform/config";

// CSRF defence: a state-changing call's Origin must be this console's own; missing or "null" is refused.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** NEXTAUTH_URL's origin, and the request's; forwarded host only from trusted proxies (server/http.ts strips it). */
export function allowedOrigins(
  headers: Headers,
  configured = config().auth.url,
  behindProxy = config().trustedProxies.length > 0,
): Set<string> {
  const origins = new Set<string>();
  if (configured) {
    try {
      origins.add(new URL(configured).origin);
    } catch {
      /* an invalid NEXTAUTH_URL is reported at start-up */
    }
  }
  const forwarded = (name: string) => (behindProxy ? headers.get(name)?.split(",")[0]?.trim() || null : null);
  const host = forwarded("x-forwarded-host") ?? headers.get("host");
  if (host) {
    const proto = forwarded("x-forwarded-proto") ?? "http";
    origins.add(`${proto}://${host}`);
  }
  return origins;
}

export function originAllowed(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return false;
  return allowedOrigins(headers).has(origin);
}

export function originRefused(): ApiError {
  return new ApiError(
    "forbidden",
    "This request did not come from the console (Origin check failed).",
    undefined,
    "errors.api.origin",
  );
}
