import { isFormula } from "@/lib/platform/csv-read";
import { catalogTranslator, messageText } from "@/lib/platform/i18n/message-text";
import { LOCALES } from "@/lib/platform/i18n/locales";
import { keyed, type MessageValues } from "@/lib/platform/keyed";
import { formatMoney, parseMoneyText } from "@/lib/platform/money";
import { REFUND_REASONS, type RefundReason, refundNeedsApproval, type ApprovalRules } from "@/lib/operations";
import {
  REFUND_BATCH_COLUMNS,
  type RefundBatchColumn,
  type RefundBatchInput,
  type RefundBatchPreviewRow,
  type RefundBatchProblem,
} from "./columns";

/** What the ledger knows of one charge a row names. */
export type ChargeFacts = {
  id: string;
  type: string;
  currency: string;
  amount: number;
  authorizedOnly: boolean;
  left: number;
  counted: number;
  earlier: { amount: number; reference: string }[];
};

/** A row's charge, or why there is none. */
export type Resolution = { charge: ChargeFacts } | { missing: "notFound" | "ambiguous" };

const MAX_NOTE = 200;

function problem(column: RefundBatchColumn | null, key: string, values?: MessageValues): RefundBatchProblem {
  const message = keyed(key, values);
  return { column, message, text: messageText(message) };
}

const REASON_KEYS = Object.keys(REFUND_REASONS) as RefundReason[];
const readReason = (text: string): RefundReason | null => {
  const t = text.trim().toLowerCase();
  const words = (k: RefundReason) => LOCALES.map((l) => catalogTranslator(l)(`operations.reasons.${k}`).toLowerCase());
  return REASON_KEYS.find((k) => k === t || words(k).includes(t)) ?? null;
};
const REASON_WORDS = Object.fromEntries(REASON_KEYS.map((k) => [`${k}Key`, `operations.reasons.${k}`]));

/** Every row's problems, in file order. */
export function checkRows(
  inputs: RefundBatchInput[],
  resolve: (given: string) => Resolution,
  rules: ApprovalRules,
): RefundBatchPreviewRow[] {
  const firstRow = new Map<string, number>();
  return inputs.map((input) => {
    const problems: RefundBatchProblem[] = [];
    const cells: Record<RefundBatchColumn, string> = {
      transaction: input.given,
      amount: input.amount,
      reason: input.reason,
      note: input.note,
    };
    const formulas = REFUND_BATCH_COLUMNS.filter((c) => isFormula(cells[c]));
    for (const c of formulas) problems.push(problem(c, "refundBatches.problems.formula"));
    const row: RefundBatchPreviewRow = {
      index: input.index,
      given: input.given,
      transactionId: null,
      currency: null,
      amount: null,
      reason: null,
      note: input.note.trim() || null,
      problems,
      needsManager: false,
    };
    const ok = (c: RefundBatchColumn) => !formulas.includes(c);

    if (ok("reason")) {
      row.reason = readReason(input.reason);
      if (!row.reason) problems.push(problem("reason", "refundBatches.problems.reason", REASON_WORDS));
      else if (row.reason === "other" && !row.note) problems.push(problem("note", "refundBatches.problems.otherNote"));
    }
    if (ok("note") && input.note.trim().length > MAX_NOTE)
      problems.push(problem("note", "refundBatches.problems.noteLong", { max: MAX_NOTE }));
    if (!ok("transaction")) return row;
    if (!input.given.trim()) {
      problems.push(problem("transaction", "refundBatches.problems.noTransaction"));
      return row;
    }

    const found = resolve(input.given.trim());
    if ("missing" in found) {
      problems.push(problem("transaction", `refundBatches.problems.${found.missing}`, { given: input.given }));
      return row;
    }
    const charge = found.charge;
    row.currency = charge.currency;
    if (charge.type !== "charge") {
      problems.push(
        problem("transaction", "refundBatches.problems.notCharge", { given: input.given, type: charge.type }),
      );
      return row;
    }
    row.transactionId = charge.id;
    const twin = firstRow.get(charge.id);
    if (twin !== undefined) problems.push(problem("transaction", "refundBatches.problems.twice", { row: twin }));
    else firstRow.set(charge.id, input.index);

    if (!ok("amount")) return row;
    let amount = charge.left;
    if (input.amount.trim()) {
      const parsed = parseMoneyText(input.amount, charge.currency);
      if (!parsed.ok) {
        problems.push(problem("amount", parsed.error));
        return row;
      }
      amount = parsed.minor;
    }
    row.amount = amount;
    const same =
      (input.amount.trim() ? charge.earlier.find((e) => e.amount === amount) : undefined) ??
      (charge.left === 0 ? charge.earlier[0] : undefined);
    if (same) problems.push(problem("amount", "refundBatches.problems.already", { reference: same.reference }));
    else if (charge.left === 0)
      problems.push(
        problem("amount", `refundBatches.problems.${charge.authorizedOnly ? "captureFirst" : "nothingLeft"}`),
      );
    else if (amount > charge.left)
      problems.push(
        problem("amount", "refundBatches.problems.overLeft", { left: formatMoney(charge.left, charge.currency) }),
      );
    row.needsManager = refundNeedsApproval(rules, charge.counted + amount, {
      amount: charge.amount,
      currency: charge.currency,
    });
    return row;
  });
}

/** Per currency, what the rows without a problem refund. */
export function totalsOf(rows: RefundBatchPreviewRow[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const r of rows)
    if (!r.problems.length && r.currency && r.amount !== null)
      totals[r.currency] = (totals[r.currency] ?? 0) + r.amount;
  return totals;
}
