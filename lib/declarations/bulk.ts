import "server-only";
import { parse } from "csv-parse/sync";
import { Invalid, Malformed } from "@/lib/errors";
import { audit } from "@/lib/audit/log";
import type { Actor } from "@/lib/auth/actor";
import { fingerprint } from "@/lib/api/idempotency";
import { declarationProblems } from "./rules";
import { declarationSchema } from "./schemas";
import { parentOf } from "./parent";
import { createDeclaration } from "./create";

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
/** `replayed`: the same rows were declared before (this file again): nothing new was sent. */
export type BulkRow = {
  line: number;
  reference: string;
  ok: boolean;
  problems: string[];
  declarationId?: string;
  replayed?: boolean;
};

const fenOf = (v: string | undefined) =>
  v === undefined || v.trim() === ""
    ? undefined
    : /^\d+(\.\d{1,2})?$/.test(v.trim())
      ? Math.round(Number(v) * 100)
      : NaN;

/**
 * Declares many orders from a CSV (amounts in CNY, e.g. 120.50). Rows with the same
 * reference and a sub_order_no form one split declaration. Every row is checked first;
 * only orders whose rows are all valid are sent; the answer reports each row. Each order's
 * idempotency key comes from its own rows, so uploading the same file again declares
 * nothing twice, and an order already declared by other rows is refused (409 per row).
 */
export async function bulkDeclare(
  csv: string,
  defaults: { merchantCustomsCode: string; merchantCustomsName: string },
  actor: Actor,
) {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new Malformed(`The file is not valid CSV: ${error instanceof Error ? error.message : error}`);
  }
  if (records.length === 0) throw new Invalid(`The file has no rows. Columns: ${BULK_COLUMNS.join(", ")}.`);
  if (records.length > 1000) throw new Invalid("At most 1,000 rows per file.");
  const groups = new Map<string, { lines: number[]; rows: Record<string, string>[] }>();
  records.forEach((r, i) => {
    const key = `${r.reference ?? ""}|${r.vendor ?? ""}`;
    const g = groups.get(key) ?? { lines: [], rows: [] };
    g.lines.push(i + 2); // line 1 is the header
    g.rows.push(r);
    groups.set(key, g);
  });
  const report: BulkRow[] = [];
  for (const g of groups.values()) {
    const first = g.rows[0]!;
    const split = g.rows.some((r) => r.sub_order_no);
    const fees = g.rows.map((r) => ({
      order: fenOf(r.order_fee),
      transport: fenOf(r.transport_fee),
      product: fenOf(r.product_fee),
    }));
    const candidate = {
      reference: first.reference || undefined,
      vendor: first.vendor,
      paymentType: first.payment_type,
      merchantCustomsCode: defaults.merchantCustomsCode,
      merchantCustomsName: defaults.merchantCustomsName,
      customsLocation: first.customs_location,
      ...(first.duty ? { duty: fenOf(first.duty) } : {}),
      isSplit: split,
      subOrders: split
        ? g.rows.map((r, i) => ({
            subOrderNo: r.sub_order_no ?? "",
            orderFee: fees[i]!.order,
            ...(fees[i]!.transport !== undefined ? { transportFee: fees[i]!.transport } : {}),
            ...(fees[i]!.product !== undefined ? { productFee: fees[i]!.product } : {}),
          }))
        : [],
      ...(first.buyer_name || first.id_number
        ? { upop: { buyerName: first.buyer_name, idNumber: first.id_number } }
        : {}),
    };
    const parsed = declarationSchema.safeParse(candidate);
    let problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`);
    if (parsed.success) {
      const { row, parent } = await parentOf(parsed.data);
      problems = declarationProblems({ ...parsed.data, upop: parsed.data.upop ?? null }, parent);
      if (!row) problems.unshift(`No payment with reference ${parsed.data.reference} in the ledger; import it first.`);
    }
    if (problems.length) {
      for (const line of g.lines) report.push({ line, reference: first.reference ?? "", ok: false, problems });
      continue;
    }
    try {
      // Keyed HMAC of the order's content: the same rows give the same key (and no ID number can be read from it).
      const key = `bulk:${fingerprint("customs.bulk", parsed.data)}`;
      const { declaration, replayed } = await createDeclaration(parsed.data!, key, actor, "bulk");
      for (const line of g.lines)
        report.push({
          line,
          reference: first.reference ?? "",
          ok: true,
          problems: [],
          declarationId: declaration.id,
          ...(replayed ? { replayed } : {}),
        });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const line of g.lines)
        report.push({ line, reference: first.reference ?? "", ok: false, problems: [message] });
    }
  }
  report.sort((a, b) => a.line - b.line);
  await audit({
    actor,
    action: "customs.bulk",
    result: "ok",
    detail: { rows: report.length, sent: report.filter((r) => r.ok).length },
  });
  return {
    rows: report,
    sent: new Set(report.filter((r) => r.ok && !r.replayed).map((r) => r.declarationId)).size,
    refused: report.filter((r) => !r.ok).length,
  };
}
