import "server-only";
import { isFormula, readCsvTable } from "@/lib/platform/csv-read";
import { messageText } from "@/lib/platform/i18n/message-text";
import { parseMoneyText } from "@/lib/platform/money";
import {
  type AlreadyDeclared,
  BULK_COLUMNS,
  type BULK_MONEY,
  type BulkColumn,
  type BulkPreview,
  type BulkPreviewRow,
  type BulkProblem,
} from "./bulk-columns";
import { maskId } from "./id-number";
import { parentOf } from "./parent";
import { declarationIssues, type RuleIssue } from "./rules";
import { ruleWords } from "./rule-words";
import { type DeclarationInput, declarationSchema } from "./schemas";
import { db } from "@/lib/platform/db";
import { declaredBefore } from "./create";

// A bulk file checked whole before anything is sent.

export type BulkOrder = { lines: number[]; reference: string; input: DeclarationInput; declared?: AlreadyDeclared };
export type BulkCheck = BulkPreview & { orders: BulkOrder[] };

const REQUIRED: BulkColumn[] = ["reference", "vendor", "payment_type", "customs_location"];
const SHARED: BulkColumn[] = ["payment_type", "customs_location", "duty", "buyer_name", "id_number"];

const FIELD_COLUMN: Record<string, BulkColumn> = {
  reference: "reference",
  vendor: "vendor",
  paymentType: "payment_type",
  customsLocation: "customs_location",
  duty: "duty",
  buyerName: "buyer_name",
  idNumber: "id_number",
  subOrderNo: "sub_order_no",
  orderFee: "order_fee",
  transportFee: "transport_fee",
  productFee: "product_fee",
};

const MAX_ROWS = 1000;

/** The file's rows by their header (names trimmed, any case); a header problem refuses the file. */
export const readBulkCsv = (csv: string) =>
  readCsvTable(csv, { columns: BULK_COLUMNS, required: REQUIRED, maxRows: MAX_ROWS });

/** Checks every row (nothing is sent); `orders` are the declarations a problem-free file makes. */
export async function checkBulk(
  csv: string,
  defaults: { merchantCustomsCode: string; merchantCustomsName: string },
): Promise<BulkCheck> {
  const records = readBulkCsv(csv);
  const rows = records.map((r, i) => ({
    line: i + 2, // line 1 is the header
    reference: r.reference ?? "",
    cells: Object.fromEntries(
      BULK_COLUMNS.filter((c) => r[c]).map((c) => [c, c === "id_number" ? maskId(r[c]!) : r[c]!]),
    ) as Partial<Record<BulkColumn, string>>,
    problems: [] as BulkProblem[],
  })) as BulkPreviewRow[];
  const add = (
    index: number,
    column: BulkColumn | null,
    message: string,
    also: Omit<BulkProblem, "column" | "message"> = {},
  ) => {
    const row = rows[index]!;
    const taken = row.problems.some((p) => (column ? p.column === column : p.message === message));
    if (!taken) row.problems.push({ column, message, ...also });
  };

  const groups = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = `${r.reference ?? ""}|${r.vendor ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const orders: BulkOrder[] = [];
  for (const indexes of groups.values()) {
    const first = records[indexes[0]!]!;
    const split = indexes.some((i) => records[i]!.sub_order_no);
    const money = (i: number, column: (typeof BULK_MONEY)[number]) => {
      const text = records[i]![column];
      if (!text) {
        if (column === "order_fee" && split)
          add(i, column, "Enter the order fee in CNY, such as 120.50", {
            words: { key: "orderFeeMissing", values: {} },
          });
        return undefined;
      }
      const parsed = parseMoneyText(text, "CNY", { allowZero: column === "transport_fee" || column === "duty" });
      if (parsed.ok) return parsed.minor;
      add(i, column, messageText(parsed.error), { keyed: parsed.error });
      return undefined;
    };
    for (const i of indexes.slice(1)) {
      if (!split)
        add(
          i,
          "reference",
          `Order ${first.reference} is on line ${indexes[0]! + 2} already; a second row of one order needs sub_order_no on every row.`,
          { words: { key: "sameOrder", values: { reference: first.reference ?? "", line: indexes[0]! + 2 } } },
        );
      for (const column of SHARED)
        if ((records[i]![column] ?? "") !== (first[column] ?? ""))
          add(
            i,
            column,
            `Differs from line ${indexes[0]! + 2}: the rows of one order share the ${column.replace("_", " ")}.`,
            { words: { key: "differs", values: { line: indexes[0]! + 2, column } } },
          );
    }
    const duty = money(indexes[0]!, "duty");
    const subOrders = split
      ? indexes.map((i) => ({
          subOrderNo: records[i]!.sub_order_no ?? "",
          orderFee: money(i, "order_fee"),
          transportFee: money(i, "transport_fee"),
          productFee: money(i, "product_fee"),
        }))
      : [];
    const candidate = {
      reference: first.reference || undefined,
      vendor: first.vendor,
      paymentType: first.payment_type,
      merchantCustomsCode: defaults.merchantCustomsCode,
      merchantCustomsName: defaults.merchantCustomsName,
      customsLocation: first.customs_location,
      ...(duty !== undefined ? { duty } : {}),
      isSplit: split,
      subOrders: subOrders.map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined))),
      ...(first.buyer_name || first.id_number
        ? { upop: { buyerName: first.buyer_name, idNumber: first.id_number } }
        : {}),
    };
    const at = (path: PropertyKey[]): [number, BulkColumn | null] => {
      if (path[0] === "subOrders" && typeof path[1] === "number")
        return [indexes[path[1]] ?? indexes[0]!, FIELD_COLUMN[String(path[2])] ?? null];
      return [indexes[0]!, FIELD_COLUMN[String(path[path.length - 1])] ?? null];
    };
    const parsed = declarationSchema.safeParse(candidate);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        add(...at(issue.path), messageText(issue.message), { keyed: issue.message });
    if (first.reference) {
      const { row, parent } = await parentOf({ reference: first.reference });
      if (!row)
        add(indexes[0]!, "reference", `No payment with reference ${first.reference} in the ledger; import it first.`, {
          words: { key: "notFound", values: { reference: first.reference } },
        });
      const draft = {
        ...candidate,
        vendor: candidate.vendor ?? "",
        paymentType: candidate.paymentType ?? "",
        upop: candidate.upop ?? null,
        subOrders: subOrders.map((s) => ({ ...s, orderFee: s.orderFee ?? null })),
      };
      for (const issue of declarationIssues(draft, parent))
        if (row || issue.field || issue.subOrder !== undefined)
          add(...ruleAt(issue, indexes, at), ruleWords(issue), { rule: { key: issue.key, values: issue.values } });
    }
    const declared = first.reference && first.vendor ? await declaredBefore(db, first.reference, first.vendor) : null;
    if (declared) for (const i of indexes) rows[i]!.declared = declared;
    if (parsed.success)
      orders.push({
        lines: indexes.map((i) => i + 2),
        reference: first.reference ?? "",
        input: parsed.data,
        ...(declared ? { declared } : {}),
      });
  }
  records.forEach((r, i) => {
    for (const column of BULK_COLUMNS) {
      if (!isFormula(r[column])) continue;
      const formula: BulkProblem = {
        column,
        message: "A formula is not a value: save the sheet with its values, not its formulas.",
        words: { key: "formula", values: {} },
      };
      const problems = rows[i]!.problems;
      const at = problems.findIndex((p) => p.column === column);
      if (at < 0) problems.push(formula);
      else problems[at] = formula;
    }
  });
  const problems = rows.reduce((n, r) => n + r.problems.length, 0);
  const declaredCount = orders.filter((o) => o.declared).length;
  return { rows, problems, orders: problems ? [] : orders, orderCount: groups.size, declaredCount };
}

function ruleAt(
  issue: RuleIssue,
  indexes: number[],
  at: (path: PropertyKey[]) => [number, BulkColumn | null],
): [number, BulkColumn | null] {
  if (issue.subOrder !== undefined) return at(["subOrders", issue.subOrder, issue.field ?? ""]);
  return [indexes[0]!, issue.field ? FIELD_COLUMN[issue.field]! : null];
}
