import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";

// The proxy only redirects anonymous visitors of pages to the sign-in page. It never
// decides access: every page and handler checks the session and permission itself.
export async function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set("x-console-path", req.nextUrl.pathname + req.nextUrl.search);
  const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET });
  if (!token) {
    const url = new URL("/login", req.url);
    url.searchParams.set("callbackUrl", req.nextUrl.pathname + req.nextUrl.search);
    return NextResponse.redirect(url);
  }
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|login|favicon.ico|robots.txt).*)"],
};
