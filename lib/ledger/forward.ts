import { multiCaptureHolds } from "./multi-capture";

const RANK: Record<string, number> = {
  initiated: 0,
  pending: 1,
  expired: 2,
  authorized: 3,
  succeeded: 4,
  canceled: 4,
  failed: 4,
};
/** The rank of the final statuses (succeeded, canceled, failed). */
export const FINAL_RANK = 4;
export const statusRank = (status: string) => RANK[status] ?? 0;

/** What the ledger has for a row (amounts in minor units). */
export type Known = {
  type: string;
  status: string;
  amount: bigint;
  captured: bigint | null;
  refunded: bigint | null;
  remaining: bigint | null;
};
/** What a writer heard about the row; null (or absent) amounts say nothing about that amount. */
export type Heard = {
  status: string;
  captured?: bigint | null;
  refunded?: bigint | null;
  remaining?: bigint | null;
};
export type Moved = {
  status: string;
  captured: bigint | null;
  refunded: bigint | null;
  remaining: bigint | null;
  forward: boolean;
  held: boolean;
};

const max = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const min = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** The row after `heard`: the status never to a lower rank nor from one final status to another. */
export function moveForward(known: Known | null, heard: Heard, open: boolean): Moved {
  const said = {
    captured: heard.captured ?? null,
    refunded: heard.refunded ?? null,
    remaining: heard.remaining ?? null,
  };
  if (!known) return { status: heard.status, ...said, forward: true, held: false };
  const captured = max(known.captured, said.captured);
  const held = multiCaptureHolds({
    current: known.status,
    incoming: heard.status,
    captured,
    amount: known.amount,
    open,
  });
  const forward = !held && statusRank(heard.status) > statusRank(known.status);
  const status = forward ? heard.status : known.status;
  let remaining = min(known.remaining, said.remaining);
  if (known.type !== "charge") remaining = known.remaining;
  else if (held) remaining = max(min(known.remaining ?? known.amount, known.amount - (captured ?? 0n)), 0n);
  else if (forward && statusRank(status) === FINAL_RANK) remaining = 0n;
  return { status, captured, refunded: max(known.refunded, said.refunded), remaining, forward, held };
}

/** Whether `heard` could be held by an open multi-capture: only then must the caller look it up. */
export const mayHold = (known: Known | null, heard: Heard) => moveForward(known, heard, true).held;
