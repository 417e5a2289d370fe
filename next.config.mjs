import { NO_STORE, securityHeaders } from "./lib/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // forbidden() renders app/forbidden.tsx with a 403 status.
  experimental: { authInterrupts: true },
  // pg-boss loads its SQL plans at run time; keep it a plain Node require.
  serverExternalPackages: ["pg-boss"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(process.env.NEXTAUTH_URL) },
      { source: "/((?!_next/static|_next/image|favicon.ico).*)", headers: [NO_STORE] },
    ];
  },
};

export default nextConfig;
