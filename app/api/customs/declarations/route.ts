import { route } from "@/lib/platform/api/route";
import { accepted, json } from "@/lib/platform/api/responses";
import { idempotencyKey } from "@/lib/platform/api/idempotency";
import { declarationFilterSchema, declarationSchema } from "@/lib/declarations/schemas";
import { createDeclaration } from "@/lib/declarations/create";
import { listDeclarations } from "@/lib/declarations/view";
import { declarationListSchema, declarationResultSchema } from "@/lib/declarations/answers";

export const GET = route(
  {
    response: declarationListSchema,
    doc: {
      tag: "Customs",
      summary: "List customs declarations",
      description:
        "declarations with their sub-orders, newest first, a page at a time (`limit` 1–200, default 50): `{ declarations, nextCursor, older }` (`older`: false when the cursor was not one the list gave, and the first page came back); `q` (a fragment of the reference, sub-order or declare number, 3+ characters, or a transaction id), `vendor`, `state` and `customsStatus` (a declaration with a sub-order in that state or Customs status), `from`/`to` (`YYYY-MM-DD`, the days it was made; in the reader's zone for the export, UTC here); a value the list cannot use is ignored",
    },
    permission: "customs.read",
    query: declarationFilterSchema,
  },
  async ({ query }) => listDeclarations(query),
);

// Checks every vendor rule, commits the declaration, queues the calls: 202 at once (200 for the same key again).
export const POST = route(
  {
    response: declarationResultSchema,
    doc: {
      tag: "Customs",
      summary: "Declare an order to Customs",
      description:
        "`{ transactionId? | reference?, vendor, paymentType, merchantCustomsCode, merchantCustomsName, customsLocation, duty? (fen), isSplit, subOrders: [{ subOrderNo, orderFee, transportFee?, productFee? }] (fen), upop?: { buyerName, idNumber, idType, businessType } }` with an `Idempotency-Key`: every vendor rule checked first (422 with `details.problems`), then **202** `{ declaration }` at once while a job sends each sub-order (200 for the same key again, 422 for the same key with another body); **409** when the order (reference + vendor) already has a declaration that did not fail — correct it through that declaration. A 5xx, non-JSON or ZZ answer leaves a sub-order `unknown`, settled by inquiry (by hand, before any resubmission, or by the minute sweep), never resent blind",
      idempotencyKey: true,
      status: 202,
      errors: ["conflict"],
    },
    permission: "customs.declare",
    body: declarationSchema,
    action: "customs.declare",
  },
  async ({ body, actor, req }) => {
    const result = await createDeclaration(body, idempotencyKey(req), actor);
    return result.replayed ? json(result) : accepted(result);
  },
);
