import {
  ATTACHMENT_CSP,
  ATTACHMENT_SOURCES,
  contentSecurityPolicy,
  NO_STORE,
  securityHeaders,
} from "./lib/platform/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // npm test sets this after its own `tsc --noEmit` passed: the build does not check the types again.
  typescript: { ignoreBuildErrors: process.env.CONSOLE_TYPES_CHECKED === "1" },
  reactStrictMode: true,
  // forbidden() renders app/forbidden.tsx with a 403 status.
  experimental: { authInterrupts: true },
  // pg-boss loads its SQL plans at run time; keep it a plain Node require.
  serverExternalPackages: ["pg-boss"],
  // use-intl formats messages precompiled by lib/platform/i18n/catalog.ts (icu-minify): the
  // ICU parser (intl-messageformat) stays out of every page's JavaScript (ADR 0019).
  turbopack: {
    resolveAlias: { "use-intl/format-message": "use-intl/format-message/format-only" },
  },
  async headers() {
    return [
      // Pages get their Content-Security-Policy, with a fresh nonce, from proxy.ts.
      { source: "/:path*", headers: securityHeaders(process.env.NEXTAUTH_URL, { csp: false }) },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy(undefined) }] },
      // Later entries win: stored files get a policy that loads and runs nothing.
      ...ATTACHMENT_SOURCES.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: ATTACHMENT_CSP }],
      })),
      { source: "/((?!_next/static|_next/image|favicon.ico).*)", headers: [NO_STORE] },
    ];
  },
};

export default nextConfig;
