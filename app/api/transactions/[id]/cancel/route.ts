import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { cancelBodySchema } from "@/lib/operations/schemas";
import { requestCancel } from "@/lib/operations/service";
import { idempotencyKey, operationResponse } from "@/lib/operations/http";

export const POST = route(
  { permission: "money.move", params: transactionIdSchema, body: cancelBodySchema, action: "cancel.request" },
  async ({ params, body, user, req }) =>
    operationResponse(await requestCancel(params.id, body, idempotencyKey(req), user, clientInfo(req.headers))),
);
