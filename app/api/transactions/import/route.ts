import { route } from "@/lib/api/route";
import { importSchema } from "@/lib/ledger/schemas";
import { importTransaction } from "@/lib/ledger/service";

export const POST = route({ permission: "transactions.read", body: importSchema, action: "transaction.import" }, async ({ body, user }) => {
  const detail = await importTransaction(body.id, user);
  return Response.json(detail, { status: 201, headers: { "Cache-Control": "no-store" } });
});
