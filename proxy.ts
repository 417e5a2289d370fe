import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy } from "@/lib/platform/http/security-headers.mjs";

// The proxy gives every page its Content-Security-Policy with a nonce of its own (Next.js
// reads it from the request and puts it on its scripts) and redirects anonymous visitors
// to the sign-in page. It never decides access: every page and handler checks the session
// and permission itself.
export async function proxy(req: NextRequest) {
  const leaked = withoutCredentials(req.nextUrl);
  if (leaked) return leaked;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const policy = contentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const headers = new Headers(req.headers);
  headers.set("x-console-path", req.nextUrl.pathname + req.nextUrl.search);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);
  if (req.nextUrl.pathname !== "/login" && !(await getToken({ req, secret: process.env.NEXTAUTH_SECRET }))) {
    const url = new URL("/login", req.url);
    url.searchParams.set("callbackUrl", req.nextUrl.pathname + req.nextUrl.search);
    return NextResponse.redirect(url);
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// A form submitted before its script ran (or with scripts off) used to GET its fields into the
// address bar: a password in a query string reaches history, proxies and logs (issue 30, item 7).
// Every form posts; a page asked with a credential in its query string is redirected without
// it, before anything reads or logs the URL.
const CREDENTIAL = /pass|pwd|secret|otp|cvv|cvc|^code$|^pan$|recovery/i;

function withoutCredentials(url: NextRequest["nextUrl"]): NextResponse | null {
  const names = [...new Set(url.searchParams.keys())].filter((name) => CREDENTIAL.test(name));
  if (names.length === 0) return null;
  const clean = url.clone();
  for (const name of names) clean.searchParams.delete(name);
  const response = NextResponse.redirect(clean, 303);
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}

export const config = {
  matcher: ["/((?!api/|scim/|_next/|favicon.ico|icon.svg|apple-touch-icon.png|robots.txt).*)"],
};
