import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { vaultAddSchema, vaultFilterSchema } from "@/lib/vault/schemas";
import { addToken } from "@/lib/vault/service";
import { listVault } from "@/lib/vault/list";
import { tokenAnswerSchema, vaultListSchema } from "@/lib/vault/answers";

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

export const POST = route(
  {
    response: tokenAnswerSchema,
    doc: {
      tag: "Payments",
      summary: "Store a card",
      description:
        'with an `Idempotency-Key` (a replay answers 200); `{ reference?, card: { pan, expiry "MM/YY", cvv, firstName, lastName }, billingAddress?: { street?, street2?, city?, state?, country?, zip? }, consumer?: { reference?, email?, phone?, firstName?, lastName?, shippingAddress?: { street?, street2?, city?, state?, country?, zip? } } }` → 201 `{ token }`, the stored card (the consumer\'s names are sent as given, never copied from the card holder); the pan and cvv go to the payment service only, never into the database, a log line or an answer; 409 for a reference already used (4100)',
      idempotencyKey: true,
      status: 201,
      errors: ["conflict", "upstream_error"],
    },
    permission: "vault.manage",
    body: vaultAddSchema,
    action: "vault.add",
  },
  async ({ body, actor, req }) => {
    const added = await addToken(body, idempotencyKey(req), actor);
    return onceResponse({ ...added, value: { token: added.value } });
  },
);
