import type { Req } from "../http";
import type { Store } from "../store";
import type { Merchant } from "../state";
import { CustomsFailure } from "../envelope";

export function customsMerchant(store: Store, req: Req): Merchant {
  const header = req.headers.authorization;
  const m = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const merchant = m && Object.values(store.state.merchants).find((x) => x.customsToken === m[1]);
  if (!merchant) throw new CustomsFailure("B1", "invalid token");
  return merchant;
}

/** Form parameters (the examples) or JSON; every value as a string. */
export function params(req: Req): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.body ?? {})) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}
