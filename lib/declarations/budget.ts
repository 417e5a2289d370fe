import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/platform/db";
import { formatMoney } from "@/lib/platform/money";

type Row = {
  state: string;
  orderFee: bigint | null;
  submittedAt: Date | null;
  declaration: { parentCnyFen: bigint | null };
};

/** Is this sub-order (possibly) held by Customs against the order's amount? */
export function countsAtCustoms(s: Pick<Row, "state" | "submittedAt">): boolean {
  if (s.state === "failed") return false; // refused: Customs has nothing
  if (s.state === "corrected") return s.submittedAt !== null; // replaced on our side, still held by Customs
  return true; // pending, sending, submitted, unknown
}

const feeOf = (s: Row) =>
  s.orderFee !== null
    ? Number(s.orderFee)
    : s.declaration.parentCnyFen !== null
      ? Number(s.declaration.parentCnyFen)
      : 0;

/** What the order already has at Customs. */
export async function declaredFor(
  tx: Pick<Prisma.TransactionClient, "customsSubOrder">,
  reference: string,
  except: { subOrderId?: string } = {},
) {
  const rows = await tx.customsSubOrder.findMany({
    where: { declaration: { reference }, ...(except.subOrderId ? { id: { not: except.subOrderId } } : {}) },
    select: {
      id: true,
      state: true,
      orderFee: true,
      submittedAt: true,
      subOrderNo: true,
      declaration: { select: { parentCnyFen: true } },
    },
  });
  const held = rows.filter(countsAtCustoms);
  return {
    used: held.reduce((sum, s) => sum + feeOf(s), 0),
    count: held.length,
    bySubOrder: Object.fromEntries(held.map((s) => [s.id, feeOf(s)])) as Record<string, number>,
  };
}

/** The order's CNY budget as a page shows it. */
export async function orderBudget(reference: string, cap: number | null) {
  const held = await declaredFor(db, reference);
  return { cap, used: held.used, count: held.count, bySubOrder: held.bySubOrder };
}
export type OrderBudget = Awaited<ReturnType<typeof orderBudget>>;

/** One budget check at a time per order, so two declarations at once cannot both pass. */
export async function lockOrder(tx: Prisma.TransactionClient, reference: string) {
  await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`customs:${reference}`}))`;
}

/** The words of a 422 when `adding` does not fit; null when it does (or the amount is unknown). */
export function overBudget(
  reference: string,
  cap: number | null,
  declared: { used: number; count: number },
  adding: number,
): string | null {
  if (cap === null || declared.used + adding <= cap) return null;
  const cny = (fen: number) => formatMoney(fen, "CNY");
  const left = Math.max(cap - declared.used, 0);
  return `Order ${reference} has ${cny(declared.used)} already declared to Customs in ${declared.count} sub-order${declared.count === 1 ? "" : "s"} (corrected ones still count: Customs keeps them), so ${cny(left)} is left of its ${cny(cap)}; this adds ${cny(adding)}. Customs would refuse it (B3).`;
}
