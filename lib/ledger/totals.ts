// A charge's totals: the larger of its row (last inquiry) and its child rows (the console's own), so they agree.

type Child = { type: string; status: string; amount: number | bigint };

const sumOf = (children: Child[], type: "capture" | "refund") =>
  children.filter((c) => c.type === type && c.status === "succeeded").reduce((s, c) => s + Number(c.amount), 0);

const atLeast = (row: number | null, children: number) => (children > (row ?? 0) ? children : row);

export function chargeTotals(
  row: { amount: number; amountCaptured: number | null; amountRefunded: number | null; remainingToCapture: number },
  children: Child[],
) {
  const amountCaptured = atLeast(row.amountCaptured, sumOf(children, "capture"));
  const amountRefunded = atLeast(row.amountRefunded, sumOf(children, "refund"));
  const captured = amountCaptured ?? 0;
  return {
    amountCaptured,
    amountRefunded,
    remainingToCapture: Math.min(row.remainingToCapture, Math.max(row.amount - captured, 0)),
    remainingToRefund: Math.max(captured - (amountRefunded ?? 0), 0),
  };
}

// Within one second (the provider's resolution) money is captured before it is cancelled or refunded.
const RANK: Record<string, number> = { capture: 0, cancel: 1, refund: 2 };

/** A charge's children in the order they happened: by time, then capture, cancel, refund, then id. */
export const inLedgerOrder = <T extends { type: string; timeCreated: Date; id: string }>(children: T[]) =>
  children.toSorted(
    (a, b) =>
      a.timeCreated.getTime() - b.timeCreated.getTime() ||
      (RANK[a.type] ?? 3) - (RANK[b.type] ?? 3) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
