import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, DomainError, Invalid, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { minorToNumber as n } from "@/lib/platform/money";
import { declarationProblems } from "./rule-words";
import { declaredFor, lockOrder, overBudget } from "./budget";
import { getDeclaration, type SubOrder } from "./view";
import { inquireSubOrder, movedMeanwhile, stillChecked, tooEarly } from "./inquire";
import { refusalResult } from "./refusal";
import { sendSubOrder } from "./send";
import { isRejected } from "./constants";
import {
  changedNames,
  correctedFields,
  declarationChanges,
  declarationUpdate,
  refuseSharedPaymentType,
} from "./correction";
import type { ResubmitInput } from "./schemas";

function refuseBusy(s: SubOrder) {
  if (s.state === "corrected")
    throw new Conflict("This sub-order was already corrected by another.", "already_corrected");
  if (s.state === "pending" || s.state === "sending")
    throw new Conflict("This sub-order is being sent; wait for its result.", "being_sent");
}

/** Resubmits a sub-order: with is_split=T a new sub_order_no corrects a wrong one. */
export async function resubmitSubOrder(id: string, subId: string, body: ResubmitInput, actor: Actor) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  let s = d?.subOrders.find((x) => x.id === subId);
  if (!d || !s) throw new NotFound("No such sub-order.");
  refuseBusy(s);
  const renamed = body.subOrderNo !== s.subOrderNo;
  if (s.state === "unknown") {
    if (tooEarly(s)) throw stillChecked(s);
    let settled: string;
    try {
      settled = await inquireSubOrder(d, s);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      settled = "unknown";
    }
    await audit({
      actor,
      action: "customs.inquire",
      result: settled === "unknown" ? "failed" : "ok",
      targetType: "declaration",
      targetId: d.id,
      reason: `before resubmitting ${s.subOrderNo}: ${settled}`,
    });
    if (settled === "unknown") {
      throw new Conflict(
        `The outcome of sub-order ${s.subOrderNo} is still unknown and Customs did not answer the inquiry. Inquire again before resubmitting: sending it blind could declare it twice.`,
        "outcome_still_unknown",
      );
    }
    s = await db.customsSubOrder.findUniqueOrThrow({ where: { id: s.id } });
    if (settled === "submitted" && !renamed && !isRejected(s)) {
      throw new Conflict(
        `Customs already has sub-order ${s.subOrderNo}: the inquiry settled it as submitted, so nothing was sent again.`,
        "already_declared",
        { declaration: await getDeclaration(d.id) },
      );
    }
    refuseBusy(s);
    if (s.state !== settled) throw movedMeanwhile(s);
  }
  if (!renamed && s.state !== "failed" && !isRejected(s)) {
    throw new Conflict(
      `Customs already has sub-order ${s.subOrderNo} (${s.state}): sending the same number again would declare it twice.${d.isSplit ? " To correct it, resubmit it under a new sub-order number." : ""}`,
      "already_declared",
    );
  }
  if (renamed && !d.isSplit) throw new Invalid("Only a split declaration (is_split=T) can correct a sub-order number.");
  const next = {
    subOrderNo: body.subOrderNo,
    orderFee: body.orderFee ?? n(s.orderFee),
    transportFee: body.transportFee ?? n(s.transportFee),
    productFee: body.productFee ?? n(s.productFee),
  };
  const others = d.subOrders
    .filter((x) => x.state !== "corrected" && x.id !== s.id)
    .map((x) => ({
      subOrderNo: x.subOrderNo,
      orderFee: n(x.orderFee),
      transportFee: n(x.transportFee),
      productFee: n(x.productFee),
    }));
  const changes = declarationChanges(d, body);
  refuseSharedPaymentType(d, s.id, changes);
  const fields = correctedFields(d, body);
  const problems = declarationProblems(
    {
      vendor: d.vendor,
      paymentType: fields.paymentType,
      isSplit: d.isSplit,
      subOrders: d.isSplit ? [...others, next] : [],
      upop: d.vendor === "upop" ? { buyerName: fields.buyerName, idNumber: fields.idNumber } : null,
    },
    { currency: d.parentCurrency, amount: n(d.parentAmount), cnyFen: n(d.parentCnyFen), method: null },
  );
  if (problems.length) throw new Invalid(problems[0]!, undefined, { problems });
  const fee = (v: number | null) => (v === null ? null : BigInt(v));
  const fees = { orderFee: fee(next.orderFee), transportFee: fee(next.transportFee), productFee: fee(next.productFee) };
  const read = { id: s.id, state: s.state, updatedAt: s.updatedAt };
  const target: SubOrder = await db
    .$transaction(async (tx) => {
      await lockOrder(tx, d.reference);
      const { count } = await tx.customsSubOrder.updateMany({ where: read, data: { updatedAt: new Date() } });
      if (count === 0) throw movedMeanwhile(s);
      const held = await declaredFor(tx, d.reference, renamed ? {} : { subOrderId: s.id });
      const over = overBudget(d.reference, n(d.parentCnyFen), held, next.orderFee ?? n(d.parentCnyFen) ?? 0);
      if (over) {
        const why = renamed
          ? `${over} Correct ${s.subOrderNo} with an order fee that fits, or leave it as it is.`
          : over;
        throw new Invalid(why, "exceeds_cny_amount", { problems: [why] });
      }
      const live = await tx.customsSubOrder.findFirst({
        where: { correctsId: s.id, state: { notIn: ["failed", "corrected"] } },
        select: { subOrderNo: true },
      });
      if (live)
        throw new Conflict(
          `Sub-order ${s.subOrderNo} already has a correction on its way (${live.subOrderNo}); follow that one.`,
          "correction_in_flight",
        );
      const update = declarationUpdate(d, changes);
      if (update) await tx.customsDeclaration.update({ where: { id: d.id }, data: update });
      if (!renamed) {
        return tx.customsSubOrder.update({
          where: { id: s.id },
          data: { state: "pending", errorCode: null, errorDetail: null, ...fees },
        });
      }
      const clash = await tx.customsSubOrder.findFirst({
        where: { declarationId: d.id, subOrderNo: next.subOrderNo },
        select: { id: true },
      });
      if (clash)
        throw new Conflict(`Sub-order ${next.subOrderNo} already exists in this declaration.`, "duplicate_sub_order");
      return tx.customsSubOrder.create({
        data: { declarationId: d.id, subOrderNo: next.subOrderNo, state: "pending", correctsId: s.id, ...fees },
      });
    })
    .catch(async (error: unknown) => {
      // Two corrections to the same new number at once: the unique index refuses the second.
      const refusal =
        error instanceof DomainError
          ? error
          : (error as { code?: string }).code === "P2002"
            ? new Conflict(`Sub-order ${next.subOrderNo} already exists in this declaration.`, "duplicate_sub_order")
            : null;
      if (!refusal) throw error;
      await audit({
        actor,
        action: "customs.resubmit",
        result: refusalResult(refusal),
        targetType: "declaration",
        targetId: d.id,
        reason: refusal.message,
      });
      throw refusal;
    });
  const corrected = changedNames(s, body, changes);
  await audit({
    actor,
    action: "customs.resubmit",
    result: "ok",
    targetType: "declaration",
    targetId: d.id,
    reason: `${renamed ? `${s.subOrderNo} → ${next.subOrderNo}` : `again: ${s.subOrderNo}`}${corrected.length ? ` (corrected: ${corrected.join(", ")})` : ""}`,
  });
  const sent = await db.customsDeclaration.findUniqueOrThrow({ where: { id: d.id }, include: { subOrders: true } });
  await sendSubOrder(sent, target);
  return getDeclaration(d.id);
}
