import { ApiError } from "@/lib/platform/api/errors";
import { config } from "@/lib/platform/config";

// Cross-site request forgery defence for state-changing API calls: the browser's Origin
// must be this console's own. A missing or "null" Origin is refused too.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * NEXTAUTH_URL's origin, and the one the request names: its Host, or X-Forwarded-Host/-Proto
 * only when proxies are configured (TRUSTED_PROXIES). The production server removes those
 * headers from any peer that is not a trusted proxy (server/http.ts markClientIp), so a client cannot
 * name its own origin as the console's.
 */
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
