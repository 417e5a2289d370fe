import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { audit } from "@/lib/audit/log";
import type { Actor } from "@/lib/auth/actor";
import { getCustoms, CustomsError } from "@/lib/customs";
import type { DeclareRequest } from "@/lib/customs/schemas";
import { openText, sealToText } from "@/lib/secrets/crypto";
import { secretsKeyring } from "@/lib/config";
import { getBoss, QUEUES } from "@/lib/jobs/boss";
import { minorToNumber } from "@/lib/money";
import { fingerprint } from "@/lib/api/idempotency";
import type { Prisma } from "@/lib/generated/prisma/client";
import { declarationProblems, type Parent } from "./rules";
import { declaredFor, lockOrder, overBudget } from "./budget";
import { nextCheckAt, dueSubOrders } from "./follow";
import { idNumberSecretName } from "./sealed-id";
import type { DeclarationFilter, DeclarationInput } from "./schemas";
import { log } from "@/lib/log";

type Declaration = Prisma.CustomsDeclarationGetPayload<{ include: { subOrders: true } }>;
type SubOrder = Declaration["subOrders"][number];

const n = minorToNumber;

// ───────────────────────────── the parent payment ─────────────────────────────

/**
 * The payment being declared, from the ledger (by id or reference), with its CNY amount:
 * the amount itself for a CNY charge, else amount_CNY from the payment inquiry (alipay and
 * wechatpay; never upop), kept on the ledger row once known.
 */
export async function parentOf(q: { transactionId?: string; reference?: string }) {
  const row = await db.ledgerTransaction.findFirst({
    where: { type: "charge", ...(q.transactionId ? { id: q.transactionId } : { reference: q.reference }) },
  });
  if (!row) return { row: null, parent: { currency: null, amount: null, cnyFen: null, method: null } satisfies Parent, cnyNote: "This payment is not in the ledger; import it first to check the amounts." };
  let cnyFen = n(row.cnyAmount) ?? (row.currency === "CNY" ? Number(row.amount) : null);
  let cnyNote: string | null = null;
  if (cnyFen === null && (row.method === "alipay" || row.method === "wechatpay")) {
    try {
      cnyFen = (await (await getCustoms()).paymentInquire(row.id, true)).cnyFen;
      if (cnyFen !== null) await db.ledgerTransaction.update({ where: { id: row.id }, data: { cnyAmount: BigInt(cnyFen) } });
    } catch (error) {
      cnyNote = `The CNY amount could not be fetched: ${error instanceof CustomsError ? error.explanation : "the service did not answer"}`;
    }
  } else if (cnyFen === null) {
    cnyNote = row.method === "upop" ? "amount_CNY is unavailable for upop." : `A ${row.method ?? "card"} payment in ${row.currency} has no CNY amount from the service.`;
  }
  return { row, parent: { currency: row.currency, amount: Number(row.amount), cnyFen, method: row.method } satisfies Parent, cnyNote };
}

// ───────────────────────────── views ─────────────────────────────

function subOrderView(s: SubOrder) {
  return {
    id: s.id,
    subOrderNo: s.subOrderNo,
    orderFee: n(s.orderFee),
    transportFee: n(s.transportFee),
    productFee: n(s.productFee),
    state: s.state,
    declareNumber: s.declareNumber,
    verificationOrg: s.verificationOrg,
    identityCheck: s.identityCheck,
    customsStatus: s.customsStatus,
    timeModified: s.timeModified,
    errorCode: s.errorCode,
    errorDetail: s.errorDetail,
    vendorRequest: s.vendorRequest,
    vendorResponse: s.vendorResponse,
    correctsId: s.correctsId,
    attempts: s.attempts,
    submittedAt: s.submittedAt?.toISOString() ?? null,
    checkedAt: s.checkedAt?.toISOString() ?? null,
    nextCheckAt: s.nextCheckAt?.toISOString() ?? null,
  };
}

export function declarationView(d: Declaration) {
  const subOrders = [...d.subOrders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(subOrderView);
  const live = subOrders.filter((s) => s.state !== "corrected");
  return {
    id: d.id,
    transactionId: d.transactionId,
    reference: d.reference,
    vendor: d.vendor,
    paymentType: d.paymentType,
    merchantCustomsCode: d.merchantCustomsCode,
    merchantCustomsName: d.merchantCustomsName,
    customsLocation: d.customsLocation,
    duty: n(d.duty),
    isSplit: d.isSplit,
    buyerName: d.buyerName,
    idNumberMasked: d.idNumberMasked,
    idType: d.idType,
    businessType: d.businessType,
    parentAmount: n(d.parentAmount),
    parentCurrency: d.parentCurrency,
    parentCnyFen: n(d.parentCnyFen),
    source: d.source,
    createdBy: d.createdBy,
    createdAt: d.createdAt.toISOString(),
    subOrders,
    /** The least settled state among live sub-orders: what the list shows. */
    state: (["sending", "pending", "unknown", "failed", "submitted"] as const).find((st) => live.some((s) => s.state === st)) ?? "corrected",
    inFlight: live.some((s) => s.state === "pending" || s.state === "sending"),
  };
}
export type DeclarationView = ReturnType<typeof declarationView>;

export async function getDeclaration(id: string) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) throw new ApiError("not_found", "No declaration with this id.");
  return declarationView(d);
}

export async function listDeclarations(f: DeclarationFilter, take = 200) {
  const rows = await db.customsDeclaration.findMany({
    where: {
      ...(f.vendor ? { vendor: f.vendor } : {}),
      ...(f.q ? { OR: [{ reference: f.q }, { transactionId: f.q }, { subOrders: { some: { OR: [{ subOrderNo: f.q }, { declareNumber: f.q }] } } }] } : {}),
      ...(f.state ? { subOrders: { some: { state: f.state } } } : {}),
      ...(f.customsStatus ? { subOrders: { some: { customsStatus: f.customsStatus } } } : {}),
    },
    include: { subOrders: true },
    orderBy: { createdAt: "desc" },
    take,
  });
  return rows.map(declarationView);
}

/** Customs locations used before, most recent first, for the form to offer. */
export async function recentLocations() {
  const rows = await db.customsDeclaration.findMany({ distinct: ["customsLocation"], select: { customsLocation: true }, orderBy: { createdAt: "desc" }, take: 20 });
  return rows.map((r) => r.customsLocation);
}

// ───────────────────────────── creating ─────────────────────────────

const ring = () => secretsKeyring();
const sealId = (declarationId: string, idNumber: string) => sealToText(idNumber, idNumberSecretName(declarationId), ring());
const openId = (declarationId: string, sealed: string) => openText(sealed, idNumberSecretName(declarationId), ring());
const maskId = (id: string) => (id.length <= 4 ? "****" : `${"*".repeat(id.length - 4)}${id.slice(-4)}`);

export type CreateResult = { declaration: DeclarationView; replayed: boolean };

/**
 * The same (creator, key) again: the same declaration, or 422 when the body differs. Keys
 * are scoped per creator, so another user's key finds nothing.
 */
async function replay(key: string, hash: string, actor: Actor): Promise<CreateResult | null> {
  const earlier = await db.customsDeclaration.findUnique({ where: { createdById_idempotencyKey: { createdById: actor.user.id, idempotencyKey: key } }, include: { subOrders: true } });
  if (!earlier) return null;
  if (earlier.requestHash !== null && earlier.requestHash !== hash) {
    throw new ApiError("unprocessable_entity", "This Idempotency-Key was already used for a different declaration. Send a new key for a new declaration.");
  }
  return { declaration: declarationView(earlier), replayed: true };
}

/**
 * Checks every vendor rule, then commits the declaration and its sub-orders (one row per
 * sub-order: a double submit with the same key gives the same declaration) and queues the
 * calls, which are slow: the caller gets the declaration back at once and follows it.
 * An order (reference + vendor) already declared and not failed is refused with 409: a
 * change goes through that declaration's correction or resubmission, never a second one.
 */
export async function createDeclaration(input: DeclarationInput, key: string, actor: Actor, source: "form" | "bulk" = "form"): Promise<CreateResult> {
  // Keyed (HMAC): the upop ID number takes part but cannot be read back from the hash.
  const hash = fingerprint("customs.declare", input);
  const earlier = await replay(key, hash, actor);
  if (earlier) return earlier;
  const { row, parent } = await parentOf(input);
  const reference = row?.reference ?? input.reference!;
  const problems = declarationProblems({ ...input, upop: input.upop ?? null }, parent);
  if (!row && input.transactionId) problems.unshift("This transaction is not in the ledger.");
  if (problems.length) {
    await audit({ actor, action: "customs.declare", result: "invalid", targetType: "transaction", targetId: row?.id ?? reference, reason: problems.join(" ") });
    throw new ApiError("unprocessable_entity", problems[0]!, { problems });
  }
  let created: Declaration;
  try {
    created = await db.$transaction(async (tx) => {
      // One check-and-create at a time per order (any vendor), so two at once cannot both pass.
      await lockOrder(tx, reference);
      const declared = await tx.customsDeclaration.findFirst({
        where: { reference, vendor: input.vendor, subOrders: { some: { state: { notIn: ["failed", "corrected"] } } } },
        select: { id: true, createdBy: true, createdAt: true },
        orderBy: { createdAt: "desc" },
      });
      if (declared) {
        throw new ApiError("conflict", `Order ${reference} is already declared to Customs for ${input.vendor} (by ${declared.createdBy} on ${declared.createdAt.toISOString().slice(0, 10)}). To change it, open that declaration and correct or resubmit its sub-orders; a second declaration is refused.`, { declarationId: declared.id });
      }
      // The sum over every declaration of the order, as Customs counts it (not only this one's).
      const adding = input.isSplit ? input.subOrders.reduce((sum, s) => sum + s.orderFee, 0) : (parent.cnyFen ?? 0);
      const over = overBudget(reference, parent.cnyFen, await declaredFor(tx, reference), adding);
      if (over) throw new ApiError("unprocessable_entity", over, { problems: [over] });
      const d = await tx.customsDeclaration.create({
        data: {
          idempotencyKey: key, requestHash: hash, createdById: actor.user.id, transactionId: row?.id ?? null, reference, vendor: input.vendor, paymentType: input.paymentType,
          merchantCustomsCode: input.merchantCustomsCode, merchantCustomsName: input.merchantCustomsName, customsLocation: input.customsLocation,
          duty: input.duty === undefined ? null : BigInt(input.duty), isSplit: input.isSplit,
          buyerName: input.upop?.buyerName ?? null, idNumberMasked: input.upop ? maskId(input.upop.idNumber) : null,
          idType: input.upop?.idType ?? null, businessType: input.upop?.businessType ?? null,
          parentAmount: parent.amount === null ? null : BigInt(parent.amount), parentCurrency: parent.currency, parentCnyFen: parent.cnyFen === null ? null : BigInt(parent.cnyFen),
          source, createdBy: actor.user.email,
        },
      });
      if (input.upop) await tx.customsDeclaration.update({ where: { id: d.id }, data: { idNumberSealed: sealId(d.id, input.upop.idNumber) } });
      const subs = input.isSplit ? input.subOrders : [{ subOrderNo: reference, orderFee: undefined, transportFee: undefined, productFee: undefined }];
      for (const s of subs) {
        await tx.customsSubOrder.create({
          data: {
            declarationId: d.id, subOrderNo: s.subOrderNo, state: "pending",
            orderFee: s.orderFee === undefined ? null : BigInt(s.orderFee), transportFee: s.transportFee === undefined ? null : BigInt(s.transportFee), productFee: s.productFee === undefined ? null : BigInt(s.productFee),
          },
        });
      }
      return tx.customsDeclaration.findUniqueOrThrow({ where: { id: d.id }, include: { subOrders: true } });
    });
  } catch (error) {
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    if (error instanceof ApiError) {
      await audit({ actor, action: "customs.declare", result: error.code, targetType: "transaction", targetId: row?.id ?? reference, reason: error.message });
    }
    throw error;
  }
  await audit({ actor, action: "customs.declare", result: "ok", targetType: "transaction", targetId: row?.id ?? reference, detail: { declarationId: created.id, vendor: input.vendor, subOrders: created.subOrders.length } });
  await queueDeclaration(created.id);
  return { declaration: declarationView(created), replayed: false };
}

async function queueDeclaration(id: string) {
  try {
    await (await getBoss()).send(QUEUES.declare, { declarationId: id }, { singletonKey: id });
  } catch (error) {
    log.warn(`Declaration ${id} not queued (the sweep will send it): ${error instanceof Error ? error.message : error}`);
  }
}

// ───────────────────────────── sending ─────────────────────────────

function requestFor(d: Declaration, s: SubOrder): DeclareRequest {
  const split = d.isSplit;
  return {
    vendor: d.vendor as DeclareRequest["vendor"],
    payment_type: d.paymentType as DeclareRequest["payment_type"],
    reference: d.reference,
    merchant_customs_code: d.merchantCustomsCode,
    merchant_customs_name: d.merchantCustomsName,
    customs_location: d.customsLocation,
    ...(d.duty !== null ? { duty: Number(d.duty) } : {}),
    ...(d.vendor === "upop" && d.idNumberSealed
      ? { buyer_name: d.buyerName ?? undefined, id_number: openId(d.id, d.idNumberSealed), id_type: (d.idType ?? "01") as DeclareRequest["id_type"], businessType: (d.businessType ?? "1") as DeclareRequest["businessType"] }
      : {}),
    ...(split ? { is_split: "T" as const, sub_order_no: s.subOrderNo, order_fee: n(s.orderFee) ?? undefined } : {}),
    ...(split && d.vendor === "wechatpay" ? { fee_type: "CNY" as const, transport_fee: n(s.transportFee) ?? undefined, product_fee: n(s.productFee) ?? undefined } : {}),
  };
}

/** Sends one sub-order, once: only a pending one is claimed. */
async function sendSubOrder(d: Declaration, s: SubOrder) {
  const { count } = await db.customsSubOrder.updateMany({ where: { id: s.id, state: "pending" }, data: { state: "sending", attempts: { increment: 1 } } });
  if (count === 0) return;
  try {
    // Spec fields only: a correction is the new sub_order_no under is_split=T, nothing naming the old one.
    const r = await (await getCustoms()).declare(requestFor(d, s));
    await db.$transaction(async (tx) => {
      await tx.customsSubOrder.update({
        where: { id: s.id },
        data: {
          state: "submitted", declareNumber: r.declareNumber, verificationOrg: r.verificationOrganization, identityCheck: r.identityCheck,
          customsStatus: r.customsStatus, errorCode: null, errorDetail: r.errorDetail, submittedAt: new Date(),
          checks: 0, nextCheckAt: nextCheckAt(0, r.customsStatus), // the follow job takes it from here
          // Kept for audit (customs announcement 179 of 2018); wechatpay does not provide them.
          vendorRequest: d.vendor === "wechatpay" ? null : r.vendorRequest, vendorResponse: d.vendor === "wechatpay" ? null : r.vendorResponse,
        },
      });
      // Corrected on our side (no longer followed or shown as live); Customs still holds its amount.
      if (s.correctsId) await tx.customsSubOrder.update({ where: { id: s.correctsId }, data: { state: "corrected", nextCheckAt: null } });
    });
  } catch (error) {
    const e = error instanceof CustomsError ? error : new CustomsError("ZZ", error instanceof Error ? error.message : String(error), "unknown");
    await db.customsSubOrder.update({
      where: { id: s.id },
      data: { state: e.outcome === "unknown" ? "unknown" : "failed", errorCode: e.code, errorDetail: `${e.explanation}${e.detail && e.detail !== e.explanation ? ` (${e.detail})` : ""} ${e.action}`.trim() },
    });
  }
}

/** The queued job: every pending sub-order of the declaration, one after another. */
export async function processDeclaration(id: string) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) return;
  for (const s of d.subOrders.filter((x) => x.state === "pending")) await sendSubOrder(d, s);
}

/** The minute sweep: declarations whose job was lost, and sub-orders stuck sending after a crash. */
export async function sweepDeclarations() {
  const stale = new Date(Date.now() - 10 * 60_000);
  await db.customsSubOrder.updateMany({ where: { state: "sending", updatedAt: { lt: stale } }, data: { state: "unknown", errorDetail: "The console stopped while waiting for Customs; inquire to learn the outcome." } });
  await settleUnknownSubOrders();
  const pending = await db.customsSubOrder.findMany({ where: { state: "pending", createdAt: { lt: new Date(Date.now() - 30_000) } }, select: { declarationId: true }, distinct: ["declarationId"], take: 100 });
  for (const p of pending) await queueDeclaration(p.declarationId);
}

// ───────────────────────────── following ─────────────────────────────

/**
 * Customs needs a moment to show a late submission: until a minute after an unknown
 * sub-order last changed, "no record" (B2) is no verdict. The sweep waits as long.
 */
const SETTLE_AFTER_MS = 60_000;
const tooEarly = (s: SubOrder) => s.state === "unknown" && Date.now() - s.updatedAt.getTime() < SETTLE_AFTER_MS;
const stillChecked = (s: SubOrder) =>
  new ApiError("conflict", `Sub-order ${s.subOrderNo} is still being checked: Customs may need a minute to show it. Try again in a minute.`);
const movedMeanwhile = (s: SubOrder) =>
  new ApiError("conflict", `Sub-order ${s.subOrderNo} changed meanwhile (someone else or the console is handling it). Reload the declaration and look again.`);

/**
 * Asks Customs how one sub-order stands. An unknown one that Customs has becomes submitted;
 * one it has no record of (B2) a minute on was never submitted: failed, and may be sent
 * again. Settling is conditional on the state and time read, so a late answer never
 * overwrites what another resubmit or the sweep did meanwhile (409). Returns the state
 * afterwards; throws when Customs gives no answer.
 */
export async function inquireSubOrder(d: Declaration, s: SubOrder): Promise<string> {
  const settle = async (data: Prisma.CustomsSubOrderUpdateManyMutationInput) => {
    const { count } = await db.customsSubOrder.updateMany({ where: { id: s.id, state: s.state, updatedAt: s.updatedAt }, data });
    if (count === 0) throw movedMeanwhile(s);
  };
  try {
    const r = await (await getCustoms()).inquireDeclaration({ vendor: d.vendor as DeclareRequest["vendor"], payment_type: d.paymentType as DeclareRequest["payment_type"], reference: d.reference, customs_location: d.customsLocation, ...(d.isSplit ? { is_split: "T" as const, sub_order_no: s.subOrderNo } : {}) });
    const settles = s.state === "unknown" && r.result === "success";
    const live = settles || s.state === "submitted";
    const data = {
      customsStatus: r.customsStatus, timeModified: r.timeModified, checkedAt: new Date(),
      checks: { increment: 1 }, nextCheckAt: live ? nextCheckAt(s.checks + 1, r.customsStatus) : null,
      ...(r.declareNumber ? { declareNumber: r.declareNumber } : {}),
      ...(r.errorDetail ? { errorDetail: r.errorDetail } : {}),
    };
    if (settles) await settle({ ...data, state: "submitted", errorCode: null, submittedAt: s.submittedAt ?? new Date() });
    else await db.customsSubOrder.update({ where: { id: s.id }, data });
    if (settles && s.correctsId) await db.customsSubOrder.update({ where: { id: s.correctsId }, data: { state: "corrected", nextCheckAt: null } });
    return settles ? "submitted" : s.state;
  } catch (error) {
    if (error instanceof CustomsError && error.code === "B2" && s.state === "unknown") {
      if (tooEarly(s)) throw stillChecked(s);
      await settle({ state: "failed", errorCode: "B2", errorDetail: "Customs has no record of it: it was not submitted. Resubmit it.", checkedAt: new Date() });
      return "failed";
    }
    throw error;
  }
}

/** Asks Customs for the status of every live sub-order, settling the unknown ones. */
export async function inquireDeclaration(id: string, actor: Actor) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) throw new ApiError("not_found", "No declaration with this id.");
  const errors: string[] = [];
  for (const s of d.subOrders.filter((x) => x.state !== "corrected" && x.state !== "pending" && x.state !== "sending")) {
    await inquireSubOrder(d, s).catch((error) => errors.push(error instanceof ApiError ? error.message : `${s.subOrderNo}: ${error instanceof CustomsError ? error.explanation : "no answer"}`));
  }
  await audit({ actor, action: "customs.inquire", result: errors.length ? "failed" : "ok", targetType: "declaration", targetId: id, reason: errors.join("; ") || undefined });
  return { declaration: await getDeclaration(id), errors };
}

/**
 * The sweep's part: unknown sub-orders are settled by inquiry, never by sending again.
 * Those unknown for a minute (Customs needs a moment to show a late submission) and not
 * checked in the last five, a few at a time.
 */
export async function settleUnknownSubOrders(limit = 20) {
  const now = Date.now();
  const due = await db.customsSubOrder.findMany({
    where: { state: "unknown", updatedAt: { lt: new Date(now - SETTLE_AFTER_MS) }, OR: [{ checkedAt: null }, { checkedAt: { lt: new Date(now - 5 * 60_000) } }] },
    include: { declaration: { include: { subOrders: true } } },
    take: limit,
  });
  for (const s of due) await inquireSubOrder(s.declaration, s).catch(() => db.customsSubOrder.update({ where: { id: s.id }, data: { checkedAt: new Date() } }));
  return due.length;
}

/** Refuses a resubmit of a sub-order in a state that allows none. */
function refuseBusy(s: SubOrder) {
  if (s.state === "corrected") throw new ApiError("conflict", "This sub-order was already corrected by another.");
  if (s.state === "pending" || s.state === "sending") throw new ApiError("conflict", "This sub-order is being sent; wait for its result.");
}

/**
 * The follow job: live sub-orders whose next check is due, a few at a time. A check that
 * gets no answer is tried again after the next back-off step, never in a tight loop.
 */
export async function followSubOrders(limit = 50) {
  const due = await dueSubOrders(limit);
  for (const s of due) {
    await inquireSubOrder(s.declaration, s).catch(() =>
      db.customsSubOrder.update({ where: { id: s.id }, data: { checkedAt: new Date(), checks: { increment: 1 }, nextCheckAt: nextCheckAt(s.checks + 1, null) } }),
    );
  }
  return due.length;
}

/**
 * Resubmits a sub-order: with is_split=T a new sub_order_no corrects a wrong one (the old
 * row stays, marked corrected once Customs accepts the new one); the same number sends a
 * failed one again, and only a failed one (alipay adds up declared amounts, so a submitted
 * one sent again is declared twice). An unknown one is settled by inquiry first, and not
 * within a minute of its last change. Every step is conditional on the state read: of two
 * resubmits at once, one sends and the other gets 409.
 */
export async function resubmitSubOrder(id: string, subId: string, body: { subOrderNo: string; orderFee?: number; transportFee?: number; productFee?: number }, actor: Actor) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  let s = d?.subOrders.find((x) => x.id === subId);
  if (!d || !s) throw new ApiError("not_found", "No such sub-order.");
  refuseBusy(s);
  const renamed = body.subOrderNo !== s.subOrderNo;
  if (s.state === "unknown") {
    if (tooEarly(s)) throw stillChecked(s);
    // Never resent blind: Customs may already have it. The inquiry settles it first.
    let settled: string;
    try {
      settled = await inquireSubOrder(d, s);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      settled = "unknown";
    }
    await audit({ actor, action: "customs.inquire", result: settled === "unknown" ? "failed" : "ok", targetType: "declaration", targetId: d.id, reason: `before resubmitting ${s.subOrderNo}: ${settled}` });
    if (settled === "unknown") {
      throw new ApiError("conflict", `The outcome of sub-order ${s.subOrderNo} is still unknown and Customs did not answer the inquiry. Inquire again before resubmitting: sending it blind could declare it twice.`);
    }
    if (settled === "submitted" && !renamed) {
      throw new ApiError("conflict", `Customs already has sub-order ${s.subOrderNo}: the inquiry settled it as submitted, so nothing was sent again.`, { declaration: await getDeclaration(d.id) });
    }
    // As settled now (its state and time), for the conditional steps below.
    s = await db.customsSubOrder.findUniqueOrThrow({ where: { id: s.id } });
    refuseBusy(s);
    if (s.state !== settled) throw movedMeanwhile(s);
  }
  if (!renamed && s.state !== "failed") {
    throw new ApiError("conflict", `Customs already has sub-order ${s.subOrderNo} (${s.state}): sending the same number again would declare it twice.${d.isSplit ? " To correct it, resubmit it under a new sub-order number." : ""}`);
  }
  if (renamed && !d.isSplit) throw new ApiError("unprocessable_entity", "Only a split declaration (is_split=T) can correct a sub-order number.");
  const next = {
    subOrderNo: body.subOrderNo,
    orderFee: body.orderFee ?? n(s.orderFee),
    transportFee: body.transportFee ?? n(s.transportFee),
    productFee: body.productFee ?? n(s.productFee),
  };
  const others = d.subOrders.filter((x) => x.state !== "corrected" && x.id !== s.id).map((x) => ({ subOrderNo: x.subOrderNo, orderFee: n(x.orderFee), transportFee: n(x.transportFee), productFee: n(x.productFee) }));
  const problems = declarationProblems(
    { vendor: d.vendor, paymentType: d.paymentType, isSplit: d.isSplit, subOrders: d.isSplit ? [...others, next] : [], upop: d.vendor === "upop" ? { buyerName: d.buyerName ?? undefined, idNumber: d.idNumberSealed ? "sealed" : undefined } : null },
    { currency: d.parentCurrency, amount: n(d.parentAmount), cnyFen: n(d.parentCnyFen), method: null },
  );
  if (problems.length) throw new ApiError("unprocessable_entity", problems[0]!, { problems });
  const fee = (v: number | null) => (v === null ? null : BigInt(v));
  const fees = { orderFee: fee(next.orderFee), transportFee: fee(next.transportFee), productFee: fee(next.productFee) };
  const read = { id: s.id, state: s.state, updatedAt: s.updatedAt };
  const target: SubOrder = await db.$transaction(async (tx) => {
    await lockOrder(tx, d.reference);
    // Touching the row only if it is still as read: a second resubmit, or the sweep settling
    // it meanwhile, finds it changed (409) instead of sending the order a second time.
    const { count } = await tx.customsSubOrder.updateMany({ where: read, data: { updatedAt: new Date() } });
    if (count === 0) throw movedMeanwhile(s);
    // Against everything Customs holds for the order: a renamed sub-order is one more (the
    // one it corrects keeps counting there); the same number replaces its own amount.
    const held = await declaredFor(tx, d.reference, renamed ? {} : { subOrderId: s.id });
    const over = overBudget(d.reference, n(d.parentCnyFen), held, next.orderFee ?? n(d.parentCnyFen) ?? 0);
    if (over) {
      const why = renamed ? `${over} Correct ${s.subOrderNo} with an order fee that fits, or leave it as it is.` : over;
      throw new ApiError("unprocessable_entity", why, { problems: [why] });
    }
    if (!renamed) {
      return tx.customsSubOrder.update({ where: { id: s.id }, data: { state: "pending", errorCode: null, errorDetail: null, ...fees } });
    }
    const live = await tx.customsSubOrder.findFirst({ where: { correctsId: s.id, state: { notIn: ["failed", "corrected"] } }, select: { subOrderNo: true } });
    if (live) throw new ApiError("conflict", `Sub-order ${s.subOrderNo} already has a correction on its way (${live.subOrderNo}); follow that one.`);
    const clash = await tx.customsSubOrder.findFirst({ where: { declarationId: d.id, subOrderNo: next.subOrderNo }, select: { id: true } });
    if (clash) throw new ApiError("conflict", `Sub-order ${next.subOrderNo} already exists in this declaration.`);
    return tx.customsSubOrder.create({ data: { declarationId: d.id, subOrderNo: next.subOrderNo, state: "pending", correctsId: s.id, ...fees } });
  }).catch(async (error: unknown) => {
    // Two corrections to the same new number at once: the unique index refuses the second.
    const refusal = error instanceof ApiError ? error
      : (error as { code?: string }).code === "P2002" ? new ApiError("conflict", `Sub-order ${next.subOrderNo} already exists in this declaration.`) : null;
    if (!refusal) throw error;
    await audit({ actor, action: "customs.resubmit", result: refusal.code, targetType: "declaration", targetId: d.id, reason: refusal.message });
    throw refusal;
  });
  await audit({ actor, action: "customs.resubmit", result: "ok", targetType: "declaration", targetId: d.id, reason: renamed ? `${s.subOrderNo} → ${next.subOrderNo}` : `again: ${s.subOrderNo}` });
  await sendSubOrder(d, target);
  return getDeclaration(d.id);
}
