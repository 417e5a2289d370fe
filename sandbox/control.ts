import { randomBytes } from "node:crypto";
import type { Ctx } from "./context";
import { json, Router, type Reply, type Req } from "./http";
import type { Charge, Chargeback, Merchant } from "./state";
import { DEFAULT_MERCHANT } from "./store";
import { finishRedirect } from "./upi/charges";
import { notifyChargeback } from "./upi/notify";
import { payPage } from "./pages";
import { returnUrlFor } from "./customs/payments";
import { parseFault } from "./faults";
import { UpiFailure } from "./envelope";

export const CHARGEBACK_STEPS = ["Notification of Claim", "Request For Information", "Information Supplied"] as const;

const bad = (message: string): Reply => json(400, { error: message });

function merchantInput(body: Record<string, unknown>, base: Merchant): Merchant {
  const pick = (k: string, fallback: string) =>
    typeof body[k] === "string" && body[k] ? (body[k] as string) : fallback;
  const ttl = body.token_ttl_seconds;
  const format = body.webhook_format;
  return {
    ...base,
    name: pick("name", base.name),
    privateKey: pick("private_key", base.privateKey),
    webhookSecret: pick("webhook_secret", base.webhookSecret),
    customsToken: pick("customs_token", base.customsToken),
    tokenTtlSeconds: typeof ttl === "number" && ttl > 0 ? ttl : base.tokenTtlSeconds,
    webhookFormat: format === "form" || format === "json" ? format : base.webhookFormat,
    defaultIpnUrl: body.default_ipn_url === null ? null : pick("default_ipn_url", base.defaultIpnUrl ?? "") || null,
  };
}

const merchantView = (m: Merchant) => ({
  id: m.id,
  name: m.name,
  private_key: m.privateKey,
  webhook_secret: m.webhookSecret,
  customs_token: m.customsToken,
  token_ttl_seconds: m.tokenTtlSeconds,
  webhook_format: m.webhookFormat,
  default_ipn_url: m.defaultIpnUrl,
});

function advanceChargeback(ctx: Ctx, b: Chargeback, outcome: unknown): void {
  const index = b.history.length; // 1..5 steps
  let next: string;
  if (index < CHARGEBACK_STEPS.length) next = CHARGEBACK_STEPS[index]!;
  else if (index === CHARGEBACK_STEPS.length) next = b.outcome = outcome === "Lost" ? "Lost" : "Won";
  else if (index === CHARGEBACK_STEPS.length + 1) next = "Case Closed";
  else throw new UpiFailure("4000", "the case is closed");
  b.status = next;
  b.history.push({ status: next, time: ctx.store.nowSeconds() });
  const charge = ctx.store.state.transactions[b.chargeId] as Charge;
  ctx.store.changed();
  notifyChargeback(ctx, ctx.store.state.merchants[b.merchantId]!, charge, b);
}

export function controlRoutes(ctx: Ctx): Router {
  const { store } = ctx;
  const r = new Router();
  r.on("GET", "/__sandbox/health", () => json(200, { ok: true, time: store.nowSeconds() }));
  r.on("GET", "/__sandbox/merchants", () => json(200, Object.values(store.state.merchants).map(merchantView)));
  // Every access token issued so far, so a test can check none leaked into the console's answers or logs.
  r.on("GET", "/__sandbox/tokens", () =>
    json(
      200,
      Object.values(store.state.tokens).map((t) => ({
        token: t.token,
        merchant_id: t.merchantId,
        type: t.type,
        expiry: t.expiry,
      })),
    ),
  );
  r.on("POST", "/__sandbox/merchants", (req) => {
    const body = req.body ?? {};
    const id =
      typeof body.id === "string" && /^[\w-]{1,64}$/.test(body.id) ? body.id : `m_${randomBytes(6).toString("hex")}`;
    if (store.state.merchants[id]) return json(409, { error: `merchant ${id} exists` });
    const secret = () => randomBytes(18).toString("base64url");
    const m = merchantInput(body, {
      id,
      ...DEFAULT_MERCHANT,
      privateKey: `sk_${secret()}`,
      webhookSecret: `whsec_${secret()}`,
      customsToken: `ct_${secret()}`,
    });
    return json(201, merchantView(store.addMerchant(m)));
  });
  r.on("PATCH", "/__sandbox/merchants/:id", (req) => {
    const m = store.state.merchants[req.params.id!];
    if (!m) return json(404, { error: "unknown merchant" });
    return json(200, merchantView(store.addMerchant(merchantInput(req.body ?? {}, m))));
  });
  r.on("POST", "/__sandbox/reset", () => {
    store.reset();
    return json(200, { ok: true });
  });
  // How often a client asked for a token (a renewal storm shows here, though the answers are the same token).
  // The last API requests heard (card number masked, no cvv): ?path=/v1/charges narrows to a path prefix.
  r.on("GET", "/__sandbox/requests", (req) => {
    const prefix = req.query.get("path") ?? "/";
    return json(
      200,
      store.requests.filter((heard) => heard.path.startsWith(prefix)),
    );
  });
  r.on("GET", "/__sandbox/counters", () => json(200, { token_requests: store.counters.tokenRequests }));
  r.on("GET", "/__sandbox/clock", () =>
    json(200, { now: store.nowSeconds(), offset_seconds: store.state.clockOffsetMs / 1000 }),
  );
  r.on("POST", "/__sandbox/clock/advance", (req) => {
    const seconds = Number(req.body?.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0) return bad("seconds must be a positive number");
    store.state.clockOffsetMs += seconds * 1000;
    store.changed();
    return json(200, { now: store.nowSeconds(), offset_seconds: store.state.clockOffsetMs / 1000 });
  });
  // Back in time: what happened "days ago" (a chargeback past the console's respond-by date).
  // Tokens issued meanwhile expire in the past by the caller's clock: reset straight after.
  r.on("POST", "/__sandbox/clock/rewind", (req) => {
    const seconds = Number(req.body?.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0) return bad("seconds must be a positive number");
    store.state.clockOffsetMs -= seconds * 1000;
    store.changed();
    return json(200, { now: store.nowSeconds(), offset_seconds: store.state.clockOffsetMs / 1000 });
  });
  // Back to real time, for test suites that share one sandbox.
  r.on("POST", "/__sandbox/clock/reset", () => {
    store.state.clockOffsetMs = 0;
    store.changed();
    return json(200, { now: store.nowSeconds(), offset_seconds: 0 });
  });
  r.on("POST", "/__sandbox/chargebacks", (req) => {
    const charge = store.state.transactions[String(req.body?.charge_id ?? "")];
    if (charge?.kind !== "charge" || !charge.amountCaptured) return bad("charge_id must name a captured charge");
    const amount = req.body?.amount === undefined ? charge.amountCaptured : Number(req.body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > charge.amountCaptured)
      return bad("amount must be positive and at most the captured amount");
    const b: Chargeback = {
      kind: "chargeback",
      id: store.newId(),
      merchantId: charge.merchantId,
      chargeId: charge.id,
      amount,
      currency: charge.currency,
      reason: typeof req.body?.reason === "string" ? req.body.reason : "fraudulent",
      status: "",
      outcome: null,
      history: [],
      timeCreated: store.nowSeconds(),
    };
    store.state.transactions[b.id] = b;
    charge.chargebackIds.push(b.id);
    advanceChargeback(ctx, b, null);
    return json(201, b);
  });
  r.on("POST", "/__sandbox/chargebacks/:id/advance", (req) => {
    const b = store.state.transactions[req.params.id!];
    if (b?.kind !== "chargeback") return json(404, { error: "unknown chargeback" });
    advanceChargeback(ctx, b, req.body?.outcome);
    return json(200, b);
  });
  r.on("GET", "/__sandbox/pay/:id", (req) => {
    const c = store.state.transactions[req.params.id!];
    if (c?.kind !== "charge") return { status: 404, text: "unknown payment" };
    return { status: 200, html: payPage(c, null, req.query.get("qr") === "1") };
  });
  for (const outcome of ["complete", "abandon"] as const) {
    r.on("POST", `/__sandbox/payments/:id/${outcome}`, (req) => {
      const c = finishRedirect(ctx, req.params.id!, outcome);
      const fromForm = req.headers["content-type"]?.includes("form");
      const back = returnUrlFor(c, outcome, /Mobi/i.test(String(req.headers["user-agent"] ?? "")));
      return fromForm
        ? { status: 200, html: payPage(c, outcome === "complete" ? "completed" : "canceled", false, back) }
        : json(200, { id: c.id, status: c.status });
    });
  }
  r.on("GET", "/__sandbox/webhooks", (req) => {
    const merchant = req.query.get("merchant_id");
    const list = Object.values(store.state.deliveries).filter((d) => !merchant || d.merchantId === merchant);
    return json(
      200,
      list.sort((a, b) => a.createdAt - b.createdAt),
    );
  });
  r.on("PUT", "/__sandbox/webhooks/faults", (req) => {
    const mode = req.body?.mode;
    if (mode !== "none" && mode !== "drop" && mode !== "duplicate" && mode !== "reorder")
      return bad("mode must be none, drop, duplicate or reorder");
    const count = req.body?.count;
    store.state.webhookFaults = { mode, remaining: typeof count === "number" && count > 0 ? count : null };
    store.changed();
    return json(200, store.state.webhookFaults);
  });
  r.on("PUT", "/__sandbox/webhooks/retry", (req) => {
    const baseMs = Number(req.body?.base_ms ?? store.state.webhookRetry.baseMs);
    const maxAttempts = Number(req.body?.max_attempts ?? store.state.webhookRetry.maxAttempts);
    if (!(baseMs >= 1) || !(maxAttempts >= 1)) return bad("base_ms and max_attempts must be at least 1");
    store.state.webhookRetry = { baseMs, maxAttempts };
    store.changed();
    return json(200, store.state.webhookRetry);
  });
  r.on("GET", "/__sandbox/faults", () => json(200, store.state.faults));
  r.on("POST", "/__sandbox/faults", (req) => {
    const fault = String(req.body?.fault ?? "");
    try {
      parseFault(fault);
    } catch (e) {
      return bad((e as Error).message);
    }
    const count = req.body?.count;
    const rule = {
      id: store.newId("flt"),
      method: typeof req.body?.method === "string" ? req.body.method.toUpperCase() : undefined,
      pathPrefix: typeof req.body?.path_prefix === "string" ? req.body.path_prefix : undefined,
      fault,
      remaining: typeof count === "number" && count > 0 ? count : null,
    };
    store.state.faults.push(rule);
    store.changed();
    return json(201, rule);
  });
  r.on("DELETE", "/__sandbox/faults", () => {
    store.state.faults = [];
    store.changed();
    return json(200, { ok: true });
  });
  return r;
}

export function requireControlToken(req: Req): boolean {
  const expected = process.env.SANDBOX_CONTROL_TOKEN;
  if (!expected) return true;
  if (req.path.startsWith("/__sandbox/pay/") || /^\/__sandbox\/payments\//.test(req.path)) return true;
  return req.headers["x-sandbox-control-token"] === expected;
}
