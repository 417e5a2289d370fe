import type { VENDORS } from "@/lib/customs/constants";
import type { RuleIssue, SubOrderDraft } from "@/lib/declarations/rules";
import { parseMoneyText } from "@/lib/platform/money";

// The declaration form's fields as typed (amounts as CNY text), and how they become the body of
// POST /api/customs/declarations: the server's own schema checks it, each fee read from its
// text first, so `200.005`, `-5`, `abc` or `1e5` is a message at its field — never NaN.

export type SubOrderValues = { subOrderNo: string; orderFee: string; transportFee: string; productFee: string };
export type DeclarationValues = {
  vendor: (typeof VENDORS)[number];
  paymentType: string;
  merchantCustomsCode: string;
  merchantCustomsName: string;
  customsLocation: string;
  duty: string;
  isSplit: boolean;
  subOrders: SubOrderValues[];
  upop: { buyerName: string; idNumber: string; idType: string; businessType: string };
};

export const emptySubOrder = (): SubOrderValues => ({ subOrderNo: "", orderFee: "", transportFee: "", productFee: "" });

export const declarationDefaults = (code: string, name: string, location: string): DeclarationValues => ({
  vendor: "alipay",
  paymentType: "Online", // i18n-ignore: the API's value
  merchantCustomsCode: code,
  merchantCustomsName: name,
  customsLocation: location,
  duty: "",
  isSplit: false,
  subOrders: [emptySubOrder()],
  upop: { buyerName: "", idNumber: "", idType: "01", businessType: "1" },
});

/** A fee in fen for the live rules and budget: null when empty or not (yet) an amount. */
export function feeOrNull(text: string | undefined, allowZero = false): number | null {
  if (!text?.trim()) return null;
  const parsed = parseMoneyText(text, "CNY", { allowZero });
  return parsed.ok ? parsed.minor : null;
}

/** The rows as the rules see them; the transport and product fees are wechatpay's only. */
export const subOrderDrafts = (rows: SubOrderValues[], vendor: string): SubOrderDraft[] =>
  rows.map((r) => ({
    subOrderNo: r.subOrderNo.trim(),
    orderFee: feeOrNull(r.orderFee),
    ...(vendor === "wechatpay"
      ? { transportFee: feeOrNull(r.transportFee, true), productFee: feeOrNull(r.productFee) }
      : {}),
  }));

/** Indexes of the rows with a fee typed that does not read as an amount (its field says why). */
export const unreadableRows = (rows: SubOrderValues[], vendor: string): number[] =>
  rows.flatMap((r, i) => {
    const fees: [string, boolean][] = [[r.orderFee, false]];
    if (vendor === "wechatpay") fees.push([r.transportFee, true], [r.productFee, false]);
    return fees.some(([text, zero]) => text.trim() && feeOrNull(text, zero) === null) ? [i] : [];
  });

/**
 * The rules' problems, except those of rows whose typed fees do not read yet: for them one
 * line points to the fields (`unreadable`: the row's index), instead of "needs an order fee"
 * beside a fee that is there.
 */
export function withUnreadable(issues: RuleIssue[], unreadable: number[]): (RuleIssue | { unreadable: number })[] {
  return [
    ...issues.filter((p) => p.subOrder === undefined || !unreadable.includes(p.subOrder)),
    ...unreadable.map((i) => ({ unreadable: i })),
  ];
}

export function toBody(v: DeclarationValues, transactionId: string | null) {
  const wechat = v.vendor === "wechatpay";
  return {
    transactionId: transactionId ?? undefined,
    vendor: v.vendor,
    paymentType: v.paymentType,
    merchantCustomsCode: v.merchantCustomsCode,
    merchantCustomsName: v.merchantCustomsName,
    customsLocation: v.customsLocation,
    duty: v.duty,
    isSplit: v.isSplit,
    subOrders: v.isSplit
      ? v.subOrders.map((s) => ({
          subOrderNo: s.subOrderNo,
          orderFee: s.orderFee,
          ...(wechat ? { transportFee: s.transportFee, productFee: s.productFee } : {}),
        }))
      : [],
    ...(v.vendor === "upop" ? { upop: v.upop } : {}),
  };
}

/** The form's field for an API path (sub-orders and upop keep their paths; the rest are top-level). */
export const declarationField = (path: (string | number)[]) => (path[0] === "transactionId" ? null : path.join("."));
