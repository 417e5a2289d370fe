import { route } from "@/lib/platform/api/route";
import { idempotencyKey, once, onceResponse } from "@/lib/platform/api/idempotency";
import { resubmitSchema, subOrderIdSchema } from "@/lib/declarations/schemas";
import { resubmitSubOrder } from "@/lib/declarations/resubmit";

// A new sub_order_no corrects a wrong one (is_split=T, original_sub_order_no); the same one sends a failed one again.
// Once per (person, Idempotency-Key): a double click or a retry of one resubmit sends it once.
export const POST = route(
  { permission: "customs.declare", params: subOrderIdSchema, body: resubmitSchema, action: "customs.resubmit" },
  async ({ params, body, actor, req }) => {
    const done = await once(
      { userId: actor.user.id, key: idempotencyKey(req), action: "customs.resubmit", params: { ...params, ...body } },
      () => resubmitSubOrder(params.id, params.subId, body, actor),
    );
    return onceResponse({ ...done, value: { declaration: done.value } }, 200);
  },
);
