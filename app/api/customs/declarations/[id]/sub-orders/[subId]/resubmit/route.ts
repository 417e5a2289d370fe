import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { resubmitSchema, subOrderIdSchema } from "@/lib/declarations/schemas";
import { resubmitSubOrder } from "@/lib/declarations/service";

// A new sub_order_no corrects a wrong one (is_split=T, original_sub_order_no); the same one sends a failed one again.
export const POST = route({ permission: "customs.declare", params: subOrderIdSchema, body: resubmitSchema, action: "customs.resubmit" }, async ({ params, body, user, req }) => ({
  declaration: await resubmitSubOrder(params.id, params.subId, body, user, clientInfo(req.headers)),
}));
