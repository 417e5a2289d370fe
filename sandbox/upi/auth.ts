import { randomBytes } from "node:crypto";
import type { Req } from "../http";
import type { Store } from "../store";
import type { AccessToken, Merchant } from "../state";
import { UpiFailure } from "../envelope";

export const SERVER_PERMISSIONS = ["inquiry", "charge", "vault", "consult", "encryption-config", "refund", "capture"];
export const CLIENT_PERMISSIONS = ["inquiry", "charge", "vault", "consult"];

export function bearer(req: Req): string {
  const header = req.headers.authorization;
  const m = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!m) throw new UpiFailure("4102", "Authorization: Bearer <token> is required");
  return m[1]!;
}

export function issueToken(store: Store, req: Req) {
  const key = bearer(req);
  store.counters.tokenRequests += 1;
  const merchant = Object.values(store.state.merchants).find((m) => m.privateKey === key);
  if (!merchant) throw new UpiFailure("4010", "unknown private key");
  const type = req.body?.token_type;
  if (type !== "client" && type !== "server") throw new UpiFailure("4000", "token_type must be client or server");
  // As recorded: asking again while a token of that type is valid returns the same token and expiry.
  const now = store.nowSeconds();
  const live = Object.values(store.state.tokens).find(
    (t) => t.merchantId === merchant.id && t.type === type && t.expiry > now,
  );
  if (live)
    return { access_token: live.token, token_type: live.type, expiry: live.expiry, permission: live.permission };
  const token: AccessToken = {
    token: `${type === "server" ? "srv" : "cli"}_${randomBytes(24).toString("hex")}`,
    merchantId: merchant.id,
    type,
    expiry: store.nowSeconds() + merchant.tokenTtlSeconds,
    permission: type === "server" ? SERVER_PERMISSIONS : CLIENT_PERMISSIONS,
  };
  store.state.tokens[token.token] = token;
  store.changed();
  return { access_token: token.token, token_type: token.type, expiry: token.expiry, permission: token.permission };
}

/**
 * The merchant behind a valid access token. Client tokens are accepted only where the
 * spec allows them (vault and consult); anything else is 4010.
 */
export function authenticate(store: Store, req: Req, allow: "server" | "client-or-server"): Merchant {
  const token = store.state.tokens[bearer(req)];
  if (!token || token.expiry <= store.nowSeconds())
    throw new UpiFailure("4010", token ? "token expired" : "unknown token");
  if (allow === "server" && token.type !== "server") throw new UpiFailure("4010", "a server token is required");
  return store.state.merchants[token.merchantId]!;
}
