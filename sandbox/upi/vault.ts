import type { Ctx } from "../context";
import type { Merchant, VaultToken } from "../state";
import { UpiFailure } from "../envelope";
import { checkCard } from "./cards";
import { vaultView } from "./views";
import { obj, str } from "./validate";
import { notifyVault } from "./notify";

const ADDRESS_FIELDS = ["street", "street2", "city", "state", "zip", "country"];

export function addVaultToken(
  ctx: Ctx,
  merchant: Merchant,
  input: {
    reference: string;
    card: { brand: string; masked: string; expiry: string };
    consumerReference: string | null;
    country: string | null;
    claim: boolean;
  },
): VaultToken {
  const token: VaultToken = {
    token: ctx.store.newId("vt"),
    merchantId: merchant.id,
    reference: input.reference,
    status: "active",
    method: "card",
    type: input.card.brand,
    panMasked: input.card.masked,
    expiry: input.card.expiry,
    country: input.country,
    consumerReference: input.consumerReference,
    timeCreated: ctx.store.nowSeconds(),
  };
  if (input.claim) ctx.store.claimReference(merchant.id, input.reference, token.token);
  ctx.store.state.vault[token.token] = token;
  ctx.store.changed();
  notifyVault(ctx, merchant, token);
  return token;
}

export function vaultAdd(ctx: Ctx, merchant: Merchant, body: Record<string, unknown> | null) {
  if (!body) throw new UpiFailure("4000", "the body must be a JSON object");
  const reference = str(body.reference, "reference")!;
  if (ctx.store.referenceOwner(merchant.id, reference))
    throw new UpiFailure("4100", `reference ${reference} was already used`);
  const payment = obj(body.payment, "payment");
  const method = str(payment.method, "payment.method", false) ?? "card";
  if (method !== "card") throw new UpiFailure("4206", "only cards can be vaulted");
  const card = checkCard(payment.data, "4206", ctx.store.nowMs());
  const consumer = obj(body.consumer, "consumer");
  const billing = obj(
    payment.billing_address ?? body.billing_address ?? payment.billing_address1,
    "payment.billing_address",
  );
  // The spec's consumer (its own names, shipping_address) and the addresses' fields, by type.
  for (const f of ["reference", "phone", "email", "first_name", "last_name"]) str(consumer[f], `consumer.${f}`, false);
  const shipping = obj(consumer.shipping_address, "consumer.shipping_address");
  for (const [name, a] of [
    ["payment.billing_address", billing],
    ["consumer.shipping_address", shipping],
  ] as const)
    for (const f of ADDRESS_FIELDS) str(a[f], `${name}.${f}`, false);
  const token = addVaultToken(ctx, merchant, {
    reference,
    card,
    consumerReference: str(consumer.reference, "consumer.reference", false),
    country: str(billing.country, "payment.billing_address.country", false),
    claim: true,
  });
  return vaultView(token);
}

function find(ctx: Ctx, merchant: Merchant, token: string): VaultToken {
  const v = ctx.store.state.vault[token];
  if (!v || v.merchantId !== merchant.id) throw new UpiFailure("4103", "unknown vault token");
  return v;
}

export function vaultList(ctx: Ctx, merchant: Merchant) {
  return Object.values(ctx.store.state.vault)
    .filter((v) => v.merchantId === merchant.id)
    .sort((a, b) => b.timeCreated - a.timeCreated)
    .map(vaultView);
}

export const vaultGet = (ctx: Ctx, merchant: Merchant, token: string) => vaultView(find(ctx, merchant, token));

export function vaultDelete(ctx: Ctx, merchant: Merchant, token: string) {
  const v = find(ctx, merchant, token);
  if (v.status === "deleted") throw new UpiFailure("4204", "the token is already deleted");
  v.status = "deleted";
  ctx.store.changed();
  return vaultView(v);
}
