import { route } from "@/lib/api/route";
import { importSchema } from "@/lib/ledger/schemas";
import { importById } from "@/lib/ledger/service";

export const POST = route({ permission: "transactions.read", body: importSchema, action: "transaction.import" }, async ({ body, user }) => {
  const imported = await importById(body.id, user);
  return Response.json(imported, { status: 201, headers: { "Cache-Control": "no-store" } });
});
