import type en from "@/lib/platform/i18n/messages/en/customs.json";

export type Parent = { currency: string | null; amount: number | null; cnyFen: number | null; method: string | null };
export type SubOrderDraft = {
  subOrderNo: string;
  orderFee: number | null;
  transportFee?: number | null;
  productFee?: number | null;
};
export type DeclarationDraft = {
  vendor: string;
  paymentType: string;
  isSplit: boolean;
  subOrders: SubOrderDraft[];
  upop?: { buyerName?: string; idNumber?: string } | null;
};

/** The split's total against the order's CNY amount. */
export function budget(subOrders: SubOrderDraft[], parent: Parent) {
  const used = subOrders.reduce((sum, s) => sum + (s.orderFee ?? 0), 0);
  return {
    used,
    cap: parent.cnyFen,
    left: parent.cnyFen === null ? null : parent.cnyFen - used,
    over: parent.cnyFen !== null && used > parent.cnyFen,
  };
}

export type RuleKey = Exclude<keyof typeof en.rules, "subOrder" | "subOrderNamed">;
/** A rule's values: amounts in CNY fen, `sub` a sub-order by its 1-based position and its number. */
export type RuleValues = {
  currency?: string;
  fee?: number;
  sum?: number;
  used?: number;
  cap?: number;
  sub?: { n: number; subOrderNo: string };
};
type Money = (fen: number) => string;
type RuleT = (key: `rules.${keyof typeof en.rules}`, values: Record<string, string | number>) => string;

/** A rule's problem in the reader's words: `t` the customs translator, `money` their CNY format. */
export function ruleText(t: RuleT, money: Money, issue: { key: RuleKey; values: RuleValues }): string {
  const { sub, ...rest } = issue.values;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(rest)) values[k] = typeof v === "number" ? money(v) : v;
  if (sub)
    values.sub = sub.subOrderNo
      ? t("rules.subOrderNamed", { n: sub.n, subOrderNo: sub.subOrderNo })
      : t("rules.subOrder", { n: sub.n });
  return t(`rules.${issue.key}`, values);
}

/** Where a rule's problem sits: a field of the declaration, of one sub-order, or the whole order. */
export type RuleIssue = {
  key: RuleKey;
  values: RuleValues;
  field?:
    | "vendor"
    | "paymentType"
    | "buyerName"
    | "idNumber"
    | "subOrderNo"
    | "orderFee"
    | "transportFee"
    | "productFee";
  subOrder?: number;
};

/** Every rule the declaration breaks, each with the field it is about (a bulk file's row and column); empty when it may be sent. */
export function declarationIssues(d: DeclarationDraft, parent: Parent): RuleIssue[] {
  const problems: RuleIssue[] = [];
  const add = (key: RuleKey, values: RuleValues = {}, where: Pick<RuleIssue, "field" | "subOrder"> = {}) =>
    problems.push({ ...where, key, values });
  if (d.vendor === "upop") {
    if (parent.currency && parent.currency !== "CNY")
      add("upopCnyOnly", { currency: parent.currency }, { field: "vendor" });
    if (d.paymentType === "InStore") add("upopPaymentType", {}, { field: "paymentType" });
    if (!d.upop?.buyerName || !d.upop?.idNumber)
      add("upopBuyer", {}, { field: d.upop?.buyerName ? "idNumber" : "buyerName" });
  }
  if (!d.isSplit) {
    if (d.subOrders.length > 0) add("notSplit");
    return problems;
  }
  if (d.subOrders.length === 0) add("needsSubOrder");
  const seen = new Set<string>();
  d.subOrders.forEach((s, i) => {
    const sub = { n: i + 1, subOrderNo: s.subOrderNo };
    const at = (field: RuleIssue["field"], key: RuleKey, values: RuleValues = {}) =>
      add(key, { sub, ...values }, { field, subOrder: i });
    if (!s.subOrderNo) at("subOrderNo", "needsNumber");
    else if (seen.has(s.subOrderNo)) at("subOrderNo", "numberTwice");
    seen.add(s.subOrderNo);
    if (!s.orderFee || s.orderFee <= 0) at("orderFee", "needsFee");
    if (d.vendor === "wechatpay") {
      if (s.transportFee == null || s.productFee == null)
        at(s.transportFee == null ? "transportFee" : "productFee", "wechatFees");
      else if (s.orderFee && s.transportFee + s.productFee !== s.orderFee)
        at("orderFee", "feeSum", { fee: s.orderFee, sum: s.transportFee + s.productFee });
    }
  });
  const b = budget(d.subOrders, parent);
  if (b.cap === null) add("cnyUnknown");
  else if (b.over) add("over", { used: b.used, cap: b.cap });
  return problems;
}
