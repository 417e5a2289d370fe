import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { importSchema } from "@/lib/ledger/schemas";
import { importById } from "@/lib/search/import";

export const POST = route(
  { permission: "transactions.read", body: importSchema, action: "transaction.import" },
  async ({ body, actor }) => {
    const imported = await importById(body.id, actor);
    return created(imported);
  },
);
