import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { transactionIdSchema } from "@/lib/ledger/schemas";
import { addNote, listNotes, noteBodySchema } from "@/lib/ledger/notes";

export const GET = route({ permission: "transactions.read", params: transactionIdSchema }, async ({ params }) => ({
  notes: await listNotes(params.id),
}));

export const POST = route(
  {
    permission: "transactions.annotate",
    params: transactionIdSchema,
    body: noteBodySchema,
    action: "transaction.note",
  },
  async ({ params, body, actor }) => created({ note: await addNote(params.id, body.body, actor) }),
);
