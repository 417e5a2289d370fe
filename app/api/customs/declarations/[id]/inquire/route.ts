import { route } from "@/lib/platform/api/route";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { inquireDeclaration } from "@/lib/declarations/inquire";

// Refreshes the Customs status of every live sub-order.
export const POST = route(
  { permission: "customs.declare", params: declarationIdSchema, action: "customs.inquire" },
  async ({ params, actor }) => inquireDeclaration(params.id, actor),
);
