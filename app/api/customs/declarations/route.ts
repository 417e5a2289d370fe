import { NextResponse } from "next/server";
import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { idempotencyKey } from "@/lib/api/idempotency";
import { declarationFilterSchema, declarationSchema } from "@/lib/declarations/schemas";
import { createDeclaration, listDeclarations } from "@/lib/declarations/service";

// Declarations, newest first: `q` (reference, transaction, sub-order or declare number), `vendor`, `state`, `customsStatus`.
export const GET = route({ permission: "customs.read", query: declarationFilterSchema }, async ({ query }) => ({ declarations: await listDeclarations(query) }));

// Checks every vendor rule, commits the declaration, queues the calls: 202 at once (200 for the same key again).
export const POST = route({ permission: "customs.declare", body: declarationSchema, action: "customs.declare" }, async ({ body, user, req }) => {
  const result = await createDeclaration(body, idempotencyKey(req), user, clientInfo(req.headers));
  return NextResponse.json(result, { status: result.replayed ? 200 : 202, headers: { "Cache-Control": "no-store" } });
});
