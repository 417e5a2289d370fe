/** Whether a reading that would close the charge must leave it open. */
export function multiCaptureHolds(x: {
  current: string;
  incoming: string;
  captured: bigint | null;
  amount: bigint;
  open: boolean;
}): boolean {
  return x.open && x.current === "authorized" && x.incoming === "succeeded" && (x.captured ?? 0n) < x.amount;
}

/** The charges among $1 whose latest console capture or cancel was a multi-capture, not the last: still open. */
export const MULTI_CAPTURE_OPEN_SQL = `SELECT DISTINCT ON (transaction_id) transaction_id,
    kind = 'capture' AND multi_capture AND NOT last_capture AS open FROM operations
  WHERE transaction_id = ANY($1::text[]) AND kind IN ('capture', 'cancel') AND status IN ('pending', 'unknown', 'succeeded')
  ORDER BY transaction_id, created_at DESC`;
