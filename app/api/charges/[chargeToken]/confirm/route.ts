import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { chargeTokenSchema, createChargeSchema } from "@/lib/charges/schemas";
import { confirmCharge } from "@/lib/charges/service";

export const POST = route(
  { permission: "charges.create", params: chargeTokenSchema, body: createChargeSchema, action: "charge.confirm" },
  async ({ params, body, user, req }) => confirmCharge(params.chargeToken, body, user, clientInfo(req.headers)),
);
