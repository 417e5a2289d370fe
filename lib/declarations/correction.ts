import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { Invalid } from "@/lib/platform/errors";
import { isRejected, PAYMENT_TYPES_BY_VENDOR } from "./constants";
import { maskId, sealId } from "./id-number";
import type { ResubmitInput } from "./schemas";
import type { Declaration } from "./view";

type Changes = Pick<ResubmitInput, "duty" | "buyerName" | "idType" | "idNumber" | "paymentType">;

/** The payment type and buyer a correction leaves the declaration with, for the vendor rules. */
export function correctedFields(d: Declaration, body: Changes) {
  const paymentType = body.paymentType ?? d.paymentType;
  const allowed: readonly string[] = PAYMENT_TYPES_BY_VENDOR[d.vendor as keyof typeof PAYMENT_TYPES_BY_VENDOR] ?? [];
  if (!allowed.includes(paymentType))
    throw new Invalid(
      `${d.vendor} accepts the payment types ${allowed.join(", ")}, not ${paymentType}.`,
      "payment_type_not_for_vendor",
      {
        problems: [`${d.vendor} accepts ${allowed.join(", ")}`],
      },
    );
  if (body.idType !== undefined && d.vendor !== "upop")
    throw new Invalid("The ID type is sent for upop only.", "id_type_upop_only");
  return {
    paymentType,
    buyerName: body.buyerName ?? d.buyerName ?? undefined,
    idNumber: body.idNumber ?? (d.idNumberSealed ? "sealed" : undefined),
  };
}

/** What a correction really changes of the declaration's fields. */
export function declarationChanges(d: Declaration, body: Changes): Changes {
  const changes: Changes = {};
  if (body.duty !== undefined && BigInt(body.duty) !== (d.duty ?? null)) changes.duty = body.duty;
  if (body.buyerName !== undefined && body.buyerName !== d.buyerName) changes.buyerName = body.buyerName;
  if (body.idType !== undefined && body.idType !== d.idType) changes.idType = body.idType;
  if (body.paymentType !== undefined && body.paymentType !== d.paymentType) changes.paymentType = body.paymentType;
  if (body.idNumber !== undefined) changes.idNumber = body.idNumber;
  return changes;
}

/** The payment type is the declaration's, and every inquiry of its sub-orders sends it. */
export function refuseSharedPaymentType(d: Declaration, subId: string, changes: Changes) {
  if (changes.paymentType === undefined) return;
  const holding = d.subOrders.find(
    (x) => x.id !== subId && x.state !== "corrected" && x.state !== "failed" && !isRejected(x),
  );
  if (holding)
    throw new Invalid(
      `The payment type is the whole declaration's, and Customs holds sub-order ${holding.subOrderNo} with ${d.paymentType}: it cannot change for one sub-order.`,
      "payment_type_shared",
      { problems: [`Sub-order ${holding.subOrderNo} is declared with ${d.paymentType}`] },
    );
}

/** The declaration's update for a correction's changes (nothing when there are none). */
export function declarationUpdate(d: Declaration, changes: Changes): Prisma.CustomsDeclarationUpdateInput | null {
  const data: Prisma.CustomsDeclarationUpdateInput = {
    ...(changes.duty !== undefined ? { duty: BigInt(changes.duty) } : {}),
    ...(changes.buyerName !== undefined ? { buyerName: changes.buyerName } : {}),
    ...(changes.idType !== undefined ? { idType: changes.idType } : {}),
    ...(changes.paymentType !== undefined ? { paymentType: changes.paymentType } : {}),
    ...(changes.idNumber !== undefined
      ? { idNumberSealed: sealId(d.id, changes.idNumber), idNumberMasked: maskId(changes.idNumber) }
      : {}),
  };
  return Object.keys(data).length ? data : null;
}

/** What the audit log says a correction changed, never the ID number itself. */
export function changedNames(
  s: { orderFee: bigint | null; transportFee: bigint | null; productFee: bigint | null },
  body: { orderFee?: number; transportFee?: number; productFee?: number },
  changes: Changes,
) {
  const fees = (["orderFee", "transportFee", "productFee"] as const).filter(
    (k) => body[k] !== undefined && BigInt(body[k]) !== s[k],
  );
  return [...fees, ...(Object.keys(changes) as (keyof Changes)[])];
}
