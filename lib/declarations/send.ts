import "server-only";
import { db } from "@/lib/platform/db";
import { getCustoms, CustomsError, type DeclareRequest } from "@/lib/customs";
import { getBoss, QUEUES } from "@/lib/platform/jobs/boss";
import { minorToNumber as n } from "@/lib/platform/money";
import { log } from "@/lib/platform/log";
import { notify, customsRejected } from "@/lib/notifications";
import { nextCheckAt } from "./backoff";
import { isRejected } from "./constants";
import { openId } from "./id-number";
import type { Declaration, SubOrder } from "./view";

// Each pending sub-order sent once; an unknown outcome is settled by inquiry (inquire.ts), never sent blind.

/** Queues the sending of a declaration; the minute sweep sends it if this fails. */
export async function queueDeclaration(id: string) {
  try {
    await (await getBoss()).send(QUEUES.declare, { declarationId: id }, { singletonKey: id });
  } catch (error) {
    log.warn(
      `Declaration ${id} not queued (the sweep will send it): ${error instanceof Error ? error.message : error}`,
    );
  }
}

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
    ...(d.buyerName ? { buyer_name: d.buyerName } : {}),
    ...(d.idNumberSealed ? { id_number: openId(d.id, d.idNumberSealed) } : {}),
    ...(d.vendor === "upop" && d.idNumberSealed
      ? {
          id_type: (d.idType ?? "01") as DeclareRequest["id_type"],
          businessType: (d.businessType ?? "1") as DeclareRequest["businessType"],
        }
      : {}),
    ...(split ? { is_split: "T" as const, sub_order_no: s.subOrderNo, order_fee: n(s.orderFee) ?? undefined } : {}),
    ...(split && d.vendor === "wechatpay"
      ? {
          fee_type: "CNY" as const,
          transport_fee: n(s.transportFee) ?? undefined,
          product_fee: n(s.productFee) ?? undefined,
        }
      : {}),
  };
}

/** Sends one sub-order, once: only a pending one is claimed. */
export async function sendSubOrder(d: Declaration, s: SubOrder) {
  const { count } = await db.customsSubOrder.updateMany({
    where: { id: s.id, state: "pending" },
    data: { state: "sending", attempts: { increment: 1 } },
  });
  if (count === 0) return;
  try {
    const r = await (await getCustoms()).declare(requestFor(d, s));
    await db.$transaction(async (tx) => {
      await tx.customsSubOrder.update({
        where: { id: s.id },
        data: {
          state: "submitted",
          declareNumber: r.declareNumber,
          verificationOrg: r.verificationOrganization,
          identityCheck: r.identityCheck,
          customsStatus: r.customsStatus,
          errorCode: null,
          errorDetail: r.errorDetail,
          submittedAt: new Date(),
          checks: 0,
          nextCheckAt: nextCheckAt(0, r.customsStatus), // the follow job takes it from here
          vendorRequest: d.vendor === "wechatpay" ? null : r.vendorRequest,
          vendorResponse: d.vendor === "wechatpay" ? null : r.vendorResponse,
        },
      });
      if (isRejected({ state: "submitted", customsStatus: r.customsStatus }))
        await notify(tx, customsRejected(d, s, r.customsStatus ?? ""));
      if (s.correctsId)
        await tx.customsSubOrder.update({
          where: { id: s.correctsId },
          data: { state: "corrected", nextCheckAt: null },
        });
    });
  } catch (error) {
    const e =
      error instanceof CustomsError
        ? error
        : new CustomsError("ZZ", error instanceof Error ? error.message : String(error), "unknown");
    await db.customsSubOrder.update({
      where: { id: s.id },
      data: {
        state: e.outcome === "unknown" ? "unknown" : "failed",
        errorCode: e.code,
        errorDetail:
          `${e.explanation}${e.detail && e.detail !== e.explanation ? ` (${e.detail})` : ""} ${e.action}`.trim(),
      },
    });
  }
}

/** The queued job: every pending sub-order of the declaration, one after another. */
export async function processDeclaration(id: string) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) return;
  for (const s of d.subOrders.filter((x) => x.state === "pending")) await sendSubOrder(d, s);
}
