import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { vaultAddSchema, vaultFilterSchema } from "@/lib/vault/schemas";
import { addToken, listVault } from "@/lib/vault/service";

// Stored cards: the service's vault list merged with tokens the console has seen; `q`, `status`, `brand`.
export const GET = route({ permission: "vault.read", query: vaultFilterSchema }, async ({ query }) => listVault(query));

// Add a card. The pan and cvv go to the payment service only: never stored, logged or echoed.
export const POST = route({ permission: "vault.manage", body: vaultAddSchema, action: "vault.add" }, async ({ body, user, req }) =>
  Response.json({ token: await addToken(body, user, clientInfo(req.headers)) }, { status: 201, headers: { "Cache-Control": "no-store" } }),
);
