import { ApiError } from "@/lib/api/errors";

// Cross-site request forgery defence for state-changing API calls: the browser's Origin
// must be this console's own. A missing or "null" Origin is refused too.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export function allowedOrigins(headers: Headers, configured = process.env.NEXTAUTH_URL): Set<string> {
  const origins = new Set<string>();
  if (configured) {
    try {
      origins.add(new URL(configured).origin);
    } catch {
      /* an invalid NEXTAUTH_URL is reported at start-up */
    }
  }
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (host) {
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
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
  return new ApiError("forbidden", "This request did not come from the console (Origin check failed).");
}
