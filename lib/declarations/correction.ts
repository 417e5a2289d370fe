import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { Invalid } from "@/lib/platform/errors";
import { PAYMENT_TYPES_BY_VENDOR } from "./constants";
import { maskId, sealId } from "./id-number";
import type { ResubmitInput } from "./schemas";
import type { Declaration } from "./view";

// What a correction changes on the declaration itself: the duty, the buyer's name and ID, the
// payment type. These are the declaration's (one payment, one buyer); the sub-order sent now
// carries them, and so does any later resubmission of its other sub-orders.

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
  // id_type is UnionPay's alone (the spec); buyer_name and id_number are conditional for the others.
  if (body.idType !== undefined && d.vendor !== "upop")
    throw new Invalid("The ID type is sent for upop only.", "id_type_upop_only");
  return {
    paymentType,
    buyerName: body.buyerName ?? d.buyerName ?? undefined,
    idNumber: body.idNumber ?? (d.idNumberSealed ? "sealed" : undefined),
  };
}

/** The declaration's update for a correction (nothing when it changes none of its fields). */
export function declarationUpdate(d: Declaration, body: Changes): Prisma.CustomsDeclarationUpdateInput | null {
  const data: Prisma.CustomsDeclarationUpdateInput = {
    ...(body.duty !== undefined ? { duty: BigInt(body.duty) } : {}),
    ...(body.buyerName !== undefined ? { buyerName: body.buyerName } : {}),
    ...(body.idType !== undefined ? { idType: body.idType } : {}),
    ...(body.paymentType !== undefined ? { paymentType: body.paymentType } : {}),
    ...(body.idNumber !== undefined
      ? { idNumberSealed: sealId(d.id, body.idNumber), idNumberMasked: maskId(body.idNumber) }
      : {}),
  };
  return Object.keys(data).length ? data : null;
}

/** What the audit log says a correction changed, never the ID number itself. */
export function changedNames(body: Changes & { orderFee?: number; transportFee?: number; productFee?: number }) {
  const names = ["orderFee", "transportFee", "productFee", "duty", "buyerName", "idType", "idNumber", "paymentType"];
  return names.filter((k) => body[k as keyof typeof body] !== undefined);
}
