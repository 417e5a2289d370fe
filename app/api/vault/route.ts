import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { vaultAddSchema, vaultFilterSchema } from "@/lib/vault/schemas";
import { addToken } from "@/lib/vault/service";
import { listVault } from "@/lib/vault/list";
import { vaultListSchema } from "@/lib/vault/answers";

export const GET = route(
  {
    response: vaultListSchema,
    doc: {
      tag: "Payments",
      summary: "List stored cards",
      description:
        "stored cards, newest first, a page at a time (`limit` 1–200, default 50): the service's vault list (read for the first page) merged with tokens the console saw (its adds, charges with `requestToken`, vault notifications); `q` (a fragment of the token, reference, consumer reference or e-mail, 3+ characters, or a card's last four), `status`, `brand`; `{ tokens, nextCursor, older, brands, syncError, syncErrorKey }` (`older`: false when the cursor was not one the list gave, and the first page came back) — still answers from what it knows when the service cannot be reached",
    },
    permission: "vault.read",
    query: vaultFilterSchema,
  },
  async ({ query }) => listVault(query),
);

// Add a card, once per Idempotency-Key. The pan and cvv go to the payment service only: never stored, logged or echoed.
export const POST = route(
  { permission: "vault.manage", body: vaultAddSchema, action: "vault.add" },
  async ({ body, actor, req }) => {
    const added = await addToken(body, idempotencyKey(req), actor);
    return onceResponse({ ...added, value: { token: added.value } });
  },
);
