import { route } from "@/lib/platform/api/route";
import { exceptionFilterSchema } from "@/lib/reconciliation/schemas";
import { listExceptions } from "@/lib/reconciliation/query";
import { exceptionListSchema } from "@/lib/reconciliation/answers";

export const GET = route(
  {
    response: exceptionListSchema,
    doc: {
      tag: "Reconciliation",
      summary: "List reconciliation differences",
      description:
        "`state` (`open`, the default, or `closed`), `kind`, `age` (`1d`, `3d`, `7d`, `30d`: first seen at least that long ago), `currency`, `charge` (one charge's id); newest first seen first, `limit` and `cursor` as every list: `{ exceptions: [{ id, chargeId, reference, kind, subject, currency, ledger, provider, firstSeenAt, lastSeenAt, ageDays, resolvedAt, resolvedBy, resolution }], nextCursor, older, runs, open }`; `ledger` and `provider` say `status`, `amount` (minor units) or `present: false`",
    },
    permission: "reconciliation.read",
    query: exceptionFilterSchema,
  },
  async ({ query }) => listExceptions(query),
);
