// The headers every answer of the console carries, pages and API alike. Plain JavaScript so
// that next.config.mjs (pages and API routes) and proxy.ts (the per-page policy) send the same set.

/**
 * Scripts only with this page's nonce (Next.js puts it on its own bootstrap scripts, and
 * 'strict-dynamic' extends trust to the chunks they load), so an injected inline script or
 * event handler never runs: the policy is a real backstop against XSS. Without a nonce
 * (API answers, files) no script runs at all. Styles keep 'unsafe-inline' for React's
 * style attributes, which nonces cannot cover. No plugins, no <base>, never framed, forms
 * post only here.
 * @param {string | undefined} nonce
 * @param {{ development?: boolean }} [options] `next dev` (NODE_ENV=development, which Next sets): eval allowed.
 */
export function contentSecurityPolicy(nonce, { development = false } = {}) {
  return [
    "default-src 'self'",
    // `next dev` evaluates source maps and fast refresh with eval; a production build never does.
    nonce
      ? `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`
      : "script-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * @param {string | undefined} publicUrl NEXTAUTH_URL: HSTS only when the console is served over https.
 * @param {{ csp?: boolean }} [options] pages get their policy, with its nonce, from proxy.ts.
 */
export function securityHeaders(publicUrl, { csp = true } = {}) {
  return [
    ...(csp ? [{ key: "Content-Security-Policy", value: contentSecurityPolicy(undefined) }] : []),
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

// A stored file sent back (chargeback evidence, the evidence pack): nothing in it may load or
// run anything, even if a browser were made to open it. Set here for next.config.mjs, whose
// headers would otherwise replace the route's own.
export const ATTACHMENT_CSP = "default-src 'none'; sandbox";

/** The downloads that carry ATTACHMENT_CSP (path patterns of next.config.mjs headers()). */
export const ATTACHMENT_SOURCES = [
  "/api/chargebacks/:id/files/:fileId",
  "/api/chargebacks/:id/pack.pdf",
  "/api/chargebacks/:id/pack.zip",
];

// API answers and pages carry money data and session-dependent results: never cache them,
// in the browser or on the way. Only the hashed build assets may be cached.
export const NO_STORE = { key: "Cache-Control", value: "no-store" };
