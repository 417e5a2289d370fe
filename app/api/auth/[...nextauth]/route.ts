import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { authOptions } from "@/lib/sign-in/options";
import { errorResponse } from "@/lib/platform/api/errors";
import { originAllowed, originRefused } from "@/lib/platform/api/origin";
import { toErrorResponse } from "@/lib/platform/api/route";
import { BODY_LIMITS, readCapped } from "@/lib/platform/http/body";

const handler = NextAuth(authOptions);

type Ctx = { params: Promise<{ nextauth: string[] }> };

export function GET(req: NextRequest, ctx: Ctx) {
  return handler(req, ctx);
}

// next-auth has its own CSRF token; the Origin check is the same one every other
// state-changing route gets.
export async function POST(req: NextRequest, ctx: Ctx) {
  if (!originAllowed(req.headers)) return errorResponse(originRefused());
  // next-auth reads the whole form itself: it is counted first, like every other body.
  let body: string;
  try {
    body = await readCapped(req.body, BODY_LIMITS.json, req.headers.get("content-length"));
  } catch (error) {
    return toErrorResponse(error);
  }
  return handler(new NextRequest(req.url, { method: "POST", headers: req.headers, body }), ctx);
}
