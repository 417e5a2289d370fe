import type { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { importSchema } from "@/lib/upi/ids";
import { importById } from "@/lib/search/import";
import { importedSchema } from "@/lib/ledger/answers";

export const POST = route(
  {
    response: importedSchema,
    doc: {
      tag: "Ledger",
      summary: "Import a transaction by its id",
      description:
        "`{ id }`: inquire the payment service and add the transaction (with its captures and refunds); a chargeback's id imports its charge, a stored card's id refreshes the card → 201 `{ kind: transaction|vault, id, href }`, where it now is",
      status: 201,
      errors: ["upstream_error"],
    },
    permission: "transactions.read",
    body: importSchema,
    action: "transaction.import",
  },
  async ({ body, actor }) => {
    const imported = await importById(body.id, actor);
    return created(imported satisfies z.output<typeof importedSchema>);
  },
);
