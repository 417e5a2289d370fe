import type { RuleKey, RuleValues } from "./rules";

export const BULK_COLUMNS = [
  "reference",
  "vendor",
  "payment_type",
  "customs_location",
  "sub_order_no",
  "order_fee",
  "transport_fee",
  "product_fee",
  "duty",
  "buyer_name",
  "id_number",
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** Amounts in CNY yuan as people write them (120.50), read with the form's money rules. */
export const BULK_MONEY = ["order_fee", "transport_fee", "product_fee", "duty"] as const;

/** The template's example: one wechatpay split sub-order (its fee = transport + product). */
export const BULK_EXAMPLE: Record<BulkColumn, string> = {
  reference: "ORDER-1001",
  vendor: "wechatpay",
  payment_type: "Online",
  customs_location: "HANGZHOU",
  sub_order_no: "ORDER-1001-A",
  order_fee: "120.50",
  transport_fee: "10.00",
  product_fee: "110.50",
  duty: "",
  buyer_name: "",
  id_number: "",
};

/** The file's own problems that the page words in the reader's language (`customs.bulk.problem.*`). */
export type BulkProblemKey = "orderFeeMissing" | "sameOrder" | "differs" | "notFound" | "formula";

/** One problem of the file, at its row and column (null: the whole order). */
export type BulkProblem = {
  column: BulkColumn | null;
  message: string;
  rule?: { key: RuleKey; values: RuleValues };
  words?: { key: BulkProblemKey; values: Record<string, string | number> };
  keyed?: string;
};
/** The live declaration Customs already has for a row's order and vendor: who made it and when (ISO). */
export type AlreadyDeclared = { declarationId: string; by: string; at: string };
export type BulkPreviewRow = {
  line: number;
  reference: string;
  cells: Partial<Record<BulkColumn, string>>;
  problems: BulkProblem[];
  declared?: AlreadyDeclared;
};
export type BulkPreview = { rows: BulkPreviewRow[]; problems: number; orderCount: number; declaredCount: number };

/** What the confirm did with each row. `replayed`: declared before (this file again), nothing new sent. */
export type BulkOutcomeRow = {
  line: number;
  reference: string;
  ok: boolean;
  problems: string[];
  declarationId?: string;
  replayed?: boolean;
  declared?: AlreadyDeclared;
};
export type BulkOutcome = { rows: BulkOutcomeRow[]; sent: number; refused: number };
