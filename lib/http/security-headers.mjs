// The headers every answer of the console carries, pages and API alike. Plain JavaScript so
// that next.config.mjs (pages, and API routes under `next dev`) and the production server's
// API lane (scripts/lib/api-lane.ts) send the very same set.

// Scripts only from this origin ('unsafe-inline' for the inline bootstrap scripts Next
// writes into every page); no plugins, no <base>, never framed, forms post only here.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/** @param {string | undefined} publicUrl NEXTAUTH_URL: HSTS only when the console is served over https. */
export function securityHeaders(publicUrl) {
  return [
    { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "same-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
    ...(publicUrl?.startsWith("https://")
      ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }]
      : []),
  ];
}

// API answers and pages carry money data and session-dependent results: never cache them,
// in the browser or on the way. Only the hashed build assets may be cached.
export const NO_STORE = { key: "Cache-Control", value: "no-store" };
