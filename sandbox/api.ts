import type { Ctx } from "./context";
import { json, Router, type Req } from "./http";
import { CustomsFailure, success, UpiFailure } from "./envelope";
import { authenticate, issueToken } from "./upi/auth";
import { confirmCharge, createCharge } from "./upi/charges";
import { cancel, capture, refund } from "./upi/money";
import { vaultAdd, vaultDelete, vaultGet, vaultList } from "./upi/vault";
import { consult } from "./upi/consult";
import { cancelView, captureView, chargebackView, chargeView, refundView } from "./upi/views";
import type { Charge } from "./state";
import { customsMerchant, params } from "./customs/auth";
import { declare, inquireDeclaration } from "./customs/declare";
import { chopInquire, legacyPay, paymentInquire } from "./customs/payments";

export const DECLARATION_INQUIRY_PATH = process.env.SANDBOX_DECLARATION_INQUIRY_PATH ?? "/chinacustoms/inquire";

function inquire(ctx: Ctx, req: Req) {
  const merchant = authenticate(ctx.store, req, "server");
  const tx = ctx.store.state.transactions[req.params.id!];
  if (!tx || tx.merchantId !== merchant.id) throw new UpiFailure("4103", "unknown transaction");
  const parent = "chargeId" in tx ? (ctx.store.state.transactions[tx.chargeId] as Charge) : null;
  switch (tx.kind) {
    case "charge":
      return chargeView(ctx.store, tx, { full: true, baseUrl: req.baseUrl });
    case "capture":
      return captureView(ctx.store, parent!, tx);
    case "refund":
      return refundView(ctx.store, parent!, tx);
    case "cancel":
      return cancelView(ctx.store, parent!, tx);
    case "chargeback":
      return chargebackView(ctx.store, parent!, tx);
  }
}

/** The two specs' operations. Handlers return data or throw UpiFailure / CustomsFailure. */
export function apiRoutes(ctx: Ctx): Router {
  const { store } = ctx;
  const r = new Router();
  const upi = (fn: (req: Req) => unknown, version?: string) => async (req: Req) =>
    json(200, success(await fn(req), version));
  const serverMerchant = (req: Req) => authenticate(store, req, "server");
  const anyMerchant = (req: Req) => authenticate(store, req, "client-or-server");

  r.on(
    "POST",
    "/v1/access-tokens",
    upi((req) => issueToken(store, req)),
  );
  r.on(
    "POST",
    "/v1/charges",
    upi((req) => createCharge(ctx, serverMerchant(req), req.body, req.baseUrl)),
  );
  r.on(
    "POST",
    "/v1/charges/:token",
    upi((req) => confirmCharge(ctx, serverMerchant(req), req.params.token!, req.body, req.baseUrl)),
  );
  for (const path of ["/v1/captures", "/v1/capture"])
    r.on(
      "POST",
      path,
      upi((req) => capture(ctx, serverMerchant(req), req.body)),
    );
  r.on(
    "POST",
    "/v1/refunds",
    upi((req) => refund(ctx, serverMerchant(req), req.body)),
  );
  r.on(
    "POST",
    "/v1/cancels",
    upi((req) => cancel(ctx, serverMerchant(req), req.body)),
  );
  r.on(
    "GET",
    "/v1/transactions/:id",
    upi((req) => inquire(ctx, req)),
  );
  r.on(
    "POST",
    "/v1/vault",
    upi((req) => vaultAdd(ctx, anyMerchant(req), req.body)),
  );
  r.on(
    "GET",
    "/v1/vault",
    upi((req) => vaultList(ctx, anyMerchant(req))),
  );
  r.on(
    "GET",
    "/v1/vault/:token",
    upi((req) => vaultGet(ctx, anyMerchant(req), req.params.token!)),
  );
  r.on(
    "DELETE",
    "/v1/vault/:token",
    upi((req) => vaultDelete(ctx, anyMerchant(req), req.params.token!)),
  );
  r.on(
    "GET",
    "/v1/consults",
    upi((req) => {
      anyMerchant(req);
      return consult(req, store.nowMs());
    }),
  );

  const customs = (fn: (req: Req) => unknown) => async (req: Req) => json(200, await fn(req));
  r.on(
    "POST",
    "/chinacustoms/declare",
    customs((req) => declare(ctx, customsMerchant(store, req), params(req))),
  );
  r.on(
    "POST",
    DECLARATION_INQUIRY_PATH,
    customs((req) => inquireDeclaration(ctx, customsMerchant(store, req), params(req))),
  );
  for (const endpoint of ["pay", "pay_qr"] as const) {
    r.on(
      "POST",
      `/payment/${endpoint}`,
      customs((req) => legacyPay(ctx, customsMerchant(store, req), endpoint, params(req), req.baseUrl)),
    );
  }
  r.on(
    "POST",
    "/chop/chop",
    customs((req) => legacyPay(ctx, customsMerchant(store, req), "chop", params(req), req.baseUrl)),
  );
  r.on(
    "POST",
    "/payment/inquire",
    customs((req) => paymentInquire(ctx, customsMerchant(store, req), params(req))),
  );
  r.on(
    "POST",
    "/chop/inquire",
    customs((req) => chopInquire(ctx, customsMerchant(store, req), params(req))),
  );
  return r;
}

export function failureReply(error: unknown, extensions = false) {
  if (error instanceof UpiFailure) return json(error.http, error.body(extensions));
  if (error instanceof CustomsFailure) return json(200, error.body());
  return null;
}
