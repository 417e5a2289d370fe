import type pg from "pg";
import {
  type EventText,
  said,
  type ChargeEvent,
  type ChargeInsert,
  type ChargeUpdate,
  writeCharges,
  MULTI_CAPTURE_OPEN_SQL,
  mayHold,
  moveForward,
  known,
  lockRow,
  lockRows,
  type LockedRow as Row,
} from "@/lib/ledger";
import { parseApiTime } from "@/lib/upi";
import { int, notificationPayload, type Outcome, raiseRefunded } from "./ledger-rows";
import type { Values } from "./verify";

export const CHARGE_STATUS: Record<string, string> = {
  init: "initiated",
  initiated: "initiated",
  pending: "pending",
  authorized: "authorized",
  captured: "succeeded",
  success: "succeeded",
  succeeded: "succeeded",
  cancelled: "canceled",
  canceled: "canceled",
  fail: "failed",
  failed: "failed",
};

type Step =
  | { write: "insert"; insert: ChargeInsert; event: EventText; outcome: Outcome }
  | { write: "update"; update: ChargeUpdate; event: EventText; outcome: Outcome }
  | { write: "none"; outcome: Outcome }
  | { write: "check" };
type Decided = Exclude<Step, { write: "check" }>;

const decided = (step: Step): Decided => {
  if (step.write === "check") throw new Error("decideCharge asked for the multi-capture it was given");
  return step;
};

/** What a charge notification does to the charge's row (`row` undefined: the ledger does not know it yet). */
export function decideCharge(row: Row | undefined, v: Values, multiCaptureOpen?: boolean): Step {
  const status = CHARGE_STATUS[v.status!.toLowerCase()];
  if (!status)
    return {
      write: "none",
      outcome: { state: "unchanged", detail: `Unknown charge status “${v.status}”: recorded, not applied.` },
    };
  const captured = int(v.amount_captured);
  const refunded = int(v.amount_refunded);
  const at = parseApiTime(v.time_completed) ?? new Date();
  if (!row) {
    const insert: ChargeInsert = {
      id: v.id!,
      reference: v.reference || null,
      status,
      amount: int(v.amount) ?? 0n,
      captured,
      refunded,
      currency: v.currency || "",
      method: v.payment_method || null,
      timeCreated: parseApiTime(v.time_created) ?? at,
      timeCaptured: status === "succeeded" ? at : null,
      timeCanceled: status === "canceled" ? at : null,
      payload: JSON.stringify(notificationPayload(v)),
    };
    return {
      write: "insert",
      insert,
      event: said("chargeFirstHeard", { status: v.status ?? "" }),
      outcome: { state: "applied", detail: `Charge added to the ledger as ${status}.` },
    };
  }
  const current = row.status;
  const heard = { status, captured, refunded };
  if (multiCaptureOpen === undefined && mayHold(known(row), heard)) return { write: "check" };
  const moved = moveForward(known(row), heard, multiCaptureOpen === true);
  const { forward, held } = moved;
  const amountsMoved = moved.captured !== int(row.amount_captured) || moved.refunded !== int(row.amount_refunded);
  if (!forward && !amountsMoved) {
    if (held)
      return {
        write: "none",
        outcome: {
          state: "unchanged",
          detail: "Amounts already known; the multi-capture stays open until its last capture.",
        },
      };
    return {
      write: "none",
      outcome:
        status === current
          ? { state: "unchanged", detail: `Already ${current}.` }
          : { state: "stale", detail: `Ignored: the ledger is already ${current}, further along than ${status}.` },
    };
  }
  return {
    write: "update",
    update: {
      id: v.id!,
      status: moved.status,
      captured: moved.captured,
      refunded: moved.refunded,
      remaining: moved.remaining,
      at,
    },
    event: forward
      ? said("chargeMoved", { status: v.status ?? "", from: current, to: status })
      : said("chargeHeard", { status: v.status ?? "" }),
    outcome: {
      state: "applied",
      detail: forward
        ? `Status ${current} → ${status}.`
        : held
          ? "Amounts brought up to date; the multi-capture stays open until its last capture."
          : "Amounts brought up to date.",
    },
  };
}

async function multiCapturesOpen(client: pg.PoolClient, ids: string[]): Promise<Set<string>> {
  const { rows } = await client.query<{ transaction_id: string; open: boolean }>(MULTI_CAPTURE_OPEN_SQL, [ids]);
  return new Set(rows.filter((r) => r.open).map((r) => r.transaction_id));
}

const REFUNDS_FIRST = said("refundsFirst");

/** One charge notification, in the caller's transaction. */
export async function applyCharge(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const decide = async (row: Row | undefined) => {
    const step = decideCharge(row, v);
    return decided(
      step.write === "check" ? decideCharge(row, v, (await multiCapturesOpen(client, [v.id!])).has(v.id!)) : step,
    );
  };
  let step = await decide(await lockRow(client, v.id!));
  const write = (s: Decided) =>
    writeCharges(
      client,
      s.write === "insert" ? [s.insert] : [],
      s.write === "update" ? [s.update] : [],
      s.write === "none"
        ? []
        : [{ transactionId: v.id!, summary: s.event, notificationId, onInsert: s.write === "insert" }],
    );
  // Two notifications of a charge the ledger lacks may race: the loser applies on top of the winner's row.
  if (step.write === "insert" && !(await write(step)).has(v.id!)) {
    step = await decide(await lockRow(client, v.id!));
    if (step.write === "insert") throw new Error(`Charge ${v.id} neither inserted nor found`);
    await write(step);
  } else if (step.write === "update") await write(step);
  if (step.write === "insert") await raiseRefunded(client, [{ id: v.id!, notificationId, summary: REFUNDS_FIRST }]);
  return step.outcome;
}

/** Many charge notifications, in the caller's transaction, in order; `locked`: rows the caller locked already. */
export async function applyCharges(
  client: pg.PoolClient,
  items: { v: Values; notificationId: string }[],
  locked?: { ids: Set<string>; rows: Map<string, Row> },
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(items.length);
  const rounds: number[][] = [];
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = seen.get(item.v.id!) ?? 0;
    seen.set(item.v.id!, k + 1);
    rounds[k] ??= [];
    rounds[k].push(i);
  });
  for (const [r, round] of rounds.entries()) {
    const ids = round.map((i) => items[i]!.v.id!);
    const rows = r === 0 && locked && ids.every((id) => locked.ids.has(id)) ? locked.rows : await lockRows(client, ids);
    const first = round.map((i) => decideCharge(rows.get(items[i]!.v.id!), items[i]!.v));
    const check = round.filter((_, j) => first[j]!.write === "check").map((i) => items[i]!.v.id!);
    const open = check.length ? await multiCapturesOpen(client, check) : new Set<string>();
    const steps = round.map((i, j) => {
      const { v } = items[i]!;
      return decided(first[j]!.write === "check" ? decideCharge(rows.get(v.id!), v, open.has(v.id!)) : first[j]!);
    });
    const inserts = steps.flatMap((s) => (s.write === "insert" ? [s.insert] : []));
    const updates = steps.flatMap((s) => (s.write === "update" ? [s.update] : []));
    const events: ChargeEvent[] = round.flatMap((i, j) => {
      const step = steps[j]!;
      const { v, notificationId } = items[i]!;
      return step.write === "none"
        ? []
        : [{ transactionId: v.id!, summary: step.event, notificationId, onInsert: step.write === "insert" }];
    });
    const inserted = await writeCharges(client, inserts, updates, events);
    const raced: number[] = [];
    for (const [j, i] of round.entries()) {
      const step = steps[j]!;
      if (step.write === "insert" && !inserted.has(items[i]!.v.id!)) raced.push(i);
      else outcomes[i] = step.outcome;
    }
    const written = round.map((i) => items[i]!).filter(({ v }) => inserted.has(v.id!));
    await raiseRefunded(
      client,
      written.map(({ v, notificationId }) => ({ id: v.id!, notificationId, summary: REFUNDS_FIRST })),
    );
    for (const i of raced) outcomes[i] = await applyCharge(client, items[i]!.v, items[i]!.notificationId);
  }
  return outcomes;
}
