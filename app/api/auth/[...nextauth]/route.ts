import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { errorResponse } from "@/lib/api/errors";
import { originAllowed, originRefused } from "@/lib/api/origin";

const handler = NextAuth(authOptions);

type Ctx = { params: Promise<{ nextauth: string[] }> };

export function GET(req: NextRequest, ctx: Ctx) {
  return handler(req, ctx);
}

// next-auth has its own CSRF token; the Origin check is the same one every other
// state-changing route gets.
export function POST(req: NextRequest, ctx: Ctx) {
  if (!originAllowed(req.headers)) return errorResponse(originRefused());
  return handler(req, ctx);
}
