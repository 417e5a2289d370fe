// A charge's captured and refunded totals as the console knows them. The charge row holds
// what the last inquiry said; a capture or refund the console just made is recorded as a
// child row in the same transaction that marks its operation succeeded, while the charge row
// waits for the next inquiry (which may fail or lag). The larger of the two is the truth the
// page shows, so an outcome and the amounts beside it never disagree.

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
