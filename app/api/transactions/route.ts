import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { listTransactions } from "@/lib/ledger/query";
import { transactionPageSchema } from "@/lib/ledger/answers";

export const GET = route(
  {
    response: transactionPageSchema,
    doc: {
      tag: "Ledger",
      summary: "List transactions",
      description:
        "the ledger, newest first, keyset-paginated: `q` (id; a fragment of the reference, consumer reference or customer email, 3+ characters; a card's last four; an amount typed as money such as 12.50 or 12,50 in the charge's currency), `customer` (one consumer reference, exactly), `status` and `type` (comma lists), `method`, `currency`, `country`, `from`/`to` (`YYYY-MM-DD`, UTC), `amountMin`/`amountMax` (minor units), `sort` (`time`|`amount`), `dir` (`desc`|`asc`), `limit` (1–200, default 50), `cursor` (from `nextCursor`). Answers `{ rows, nextCursor }`; no total count (count and totals: `GET /api/transactions/summary`). Invalid values are ignored, not errors (impossible dates, foreign cursors, ids beyond bigint), here and on every other list; a NUL is 422, as everywhere",
    },
    permission: "transactions.read",
    query: transactionFilterSchema,
  },
  async ({ query, actor }) => listTransactions({ ...query, timeZone: (await preferencesOf(actor.user)).timeZone }),
);
