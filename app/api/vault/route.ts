import { route } from "@/lib/platform/api/route";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { vaultAddSchema, vaultFilterSchema } from "@/lib/vault/schemas";
import { addToken } from "@/lib/vault/service";
import { listVault } from "@/lib/vault/list";

// Stored cards: the service's vault list merged with tokens the console has seen; `q`, `status`, `brand`.
export const GET = route({ permission: "vault.read", query: vaultFilterSchema }, async ({ query }) => listVault(query));

// Add a card, once per Idempotency-Key. The pan and cvv go to the payment service only: never stored, logged or echoed.
export const POST = route(
  { permission: "vault.manage", body: vaultAddSchema, action: "vault.add" },
  async ({ body, actor, req }) => {
    const added = await addToken(body, idempotencyKey(req), actor);
    return onceResponse({ ...added, value: { token: added.value } });
  },
);
