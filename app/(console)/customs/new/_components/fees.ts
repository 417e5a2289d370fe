import { parseMajorToMinor } from "@/lib/money";
import type { SubOrderDraft } from "@/lib/declarations/rules";
import type { SubOrderRow } from "./sub-orders-editor";

// The form's amounts, typed in CNY yuan, as fen: what the rules check and the API takes.

/** Fen, null when empty, NaN when not an amount (zero only where `zeroAllowed`). */
export const fen = (text: string, zeroAllowed = false) => {
  if (!text.trim()) return null;
  if (zeroAllowed && /^0+(\.0{0,2})?$/.test(text.trim())) return 0; // free shipping
  const p = parseMajorToMinor(text, "CNY");
  return p.ok ? p.minor : NaN;
};

/** The edited rows as sub-orders; the transport and product fees are wechatpay's only. */
export const subOrderDrafts = (rows: SubOrderRow[], vendor: string): SubOrderDraft[] =>
  rows.map((r) => ({
    subOrderNo: r.subOrderNo.trim(),
    orderFee: fen(r.orderFee),
    ...(vendor === "wechatpay" ? { transportFee: fen(r.transportFee, true), productFee: fen(r.productFee) } : {}),
  }));
