import { route } from "@/lib/platform/api/route";
import { accepted, json } from "@/lib/platform/api/responses";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { declarationFilterSchema, declarationSchema } from "@/lib/declarations/schemas";
import { createDeclaration } from "@/lib/declarations/create";
import { listDeclarations } from "@/lib/declarations/view";

// Declarations, newest first, a page at a time (`limit`, `cursor` from `nextCursor`): `q`
// (reference, transaction, sub-order or declare number), `vendor`, `state`, `customsStatus`.
export const GET = route({ permission: "customs.read", query: declarationFilterSchema }, async ({ query }) =>
  listDeclarations(query),
);

// Checks every vendor rule, commits the declaration, queues the calls: 202 at once (200 for the same key again).
export const POST = route(
  { permission: "customs.declare", body: declarationSchema, action: "customs.declare" },
  async ({ body, actor, req }) => {
    const result = await createDeclaration(body, idempotencyKey(req), actor);
    return result.replayed ? json(result) : accepted(result);
  },
);
