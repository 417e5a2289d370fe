// The one rule of a klarna multi-capture (issue 30, item 14), for every path that writes a
// charge row (notifications in lib/webhooks/apply-charges.ts, inquiries and the console's own
// answers in lib/ledger/record.ts): after a partial capture sent with multi_capture and not
// last_capture, the charge stays `authorized` with its remainder capturable, whatever a reading
// of it says ("captured", "succeeded", remainder 0), until the last capture or the full amount.

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

/**
 * The charges among $1 (text[]) whose latest capture or cancel by the console was a
 * multi-capture that was not the last one (sent, or sent and not yet known): still open.
 */
export const MULTI_CAPTURE_OPEN_SQL = `SELECT DISTINCT ON (transaction_id) transaction_id,
    kind = 'capture' AND multi_capture AND NOT last_capture AS open FROM operations
  WHERE transaction_id = ANY($1::text[]) AND kind IN ('capture', 'cancel') AND status IN ('pending', 'unknown', 'succeeded')
  ORDER BY transaction_id, created_at DESC`;
