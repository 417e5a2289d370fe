import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { once } from "@/lib/platform/idempotency/once";
import { resubmitSchema, subOrderIdSchema } from "@/lib/declarations/schemas";
import { resubmitSubOrder } from "@/lib/declarations/resubmit";
import { declarationAnswerSchema } from "@/lib/declarations/answers";

// A new sub_order_no corrects a wrong one (is_split=T, original_sub_order_no); the same one sends a failed one again.
// Once per (person, Idempotency-Key): a double click or a retry of one resubmit sends it once.
export const POST = route(
  {
    response: declarationAnswerSchema,
    doc: {
      tag: "Customs",
      summary: "Resubmit or correct a sub-order",
      description:
        "`{ subOrderNo, orderFee?, transportFee?, productFee?, duty?, buyerName?, idType? (upop), idNumber?, paymentType? }` (CNY fen; an absent field keeps what was sent): the same number sends a failed sub-order again or re-pushes one Customs rejected (`EXCEPT`, `FAIL`) as corrected, its rejected amount replaced; a new number (split orders) corrects a wrong one, keeping the old one as `corrected` (Customs still counts it); 409 `already_declared` for the same number of one Customs holds as accepted",
      idempotencyKey: true,
      errors: ["conflict", "upstream_error"],
    },
    permission: "customs.declare",
    params: subOrderIdSchema,
    body: resubmitSchema,
    action: "customs.resubmit",
  },
  async ({ params, body, actor, req }) => {
    const done = await once(
      { userId: actor.user.id, key: idempotencyKey(req), action: "customs.resubmit", params: { ...params, ...body } },
      () => resubmitSubOrder(params.id, params.subId, body, actor),
    );
    return onceResponse({ ...done, value: { declaration: done.value } }, 200);
  },
);
