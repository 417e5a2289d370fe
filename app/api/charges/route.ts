import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { createChargeSchema } from "@/lib/charges/schemas";
import { createCharge } from "@/lib/charges/service";

export const POST = route({ permission: "charges.create", body: createChargeSchema, action: "charge.create" }, async ({ body, user, req }) => {
  const charge = await createCharge(body, user, clientInfo(req.headers));
  return Response.json(charge, { status: 201, headers: { "Cache-Control": "no-store" } });
});
