import { route } from "@/lib/platform/api/route";
import { approvalListQuerySchema, approvalsPage } from "@/lib/operations/approvals";
import { approvalPageSchema } from "@/lib/operations/answers";

export const GET = route(
  {
    response: approvalPageSchema,
    doc: {
      tag: "Ledger",
      summary: "List refunds awaiting approval",
      description:
        "the refunds waiting for a second person, newest first, a page at a time (`requestedBy` fragment, `currency`, `cursor`): `{ approvals: [{ op, charge: { reference, method, amount, captured, refunded, currency }, left, own }], nextCursor, older }` — `left` is what the charge still has to refund, `own` a request the reader made (and may not decide)",
    },
    permission: "refunds.approve",
    query: approvalListQuerySchema,
  },
  async ({ query, actor }) => approvalsPage(query, actor.user),
);
