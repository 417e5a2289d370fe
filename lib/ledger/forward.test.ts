import { describe, expect, it } from "vitest";
import { FINAL_RANK, type Heard, type Known, moveForward, statusRank } from "./forward";

// The forward-only rule over every order of events. fast-check is not a dependency of the
// project, so the orders are enumerated: every permutation of each set of events below.

const AMOUNT = 1000n;
/** expect() costs too much in loops of 35,000 steps: a plain check that names the order when it fails. */
function check(ok: boolean, what: string, order: unknown) {
  if (!ok)
    throw new Error(`${what}, in the order ${JSON.stringify(order, (_, v) => (typeof v === "bigint" ? `${v}` : v))}`);
}

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (const [i, first] of items.entries())
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [first, ...rest];
}

const start = (h: Heard): Known => ({
  type: "charge",
  status: h.status,
  amount: AMOUNT,
  captured: h.captured ?? null,
  refunded: h.refunded ?? null,
  remaining: h.remaining ?? null,
});
const maxOf = (xs: (bigint | null | undefined)[]) =>
  xs.reduce<bigint | null>((m, x) => (x == null ? m : m === null || x > m ? x : m), null);

// A charge's readings as the console, an inquiry or a notification may bring them, in any order.
const READINGS: Heard[] = [
  { status: "initiated" },
  { status: "pending" },
  { status: "expired" },
  { status: "authorized", captured: 0n, remaining: 1000n },
  { status: "succeeded", captured: 400n, remaining: 0n },
  { status: "succeeded", captured: 1000n, refunded: 300n, remaining: 0n },
  { status: "canceled", remaining: 0n },
  { status: "failed" },
];

describe("moveForward over every order of a charge's readings", () => {
  it("never lowers a status nor leaves a final one, never shrinks an amount, never grows the remainder", () => {
    let orders = 0;
    for (const order of permutations(READINGS)) {
      orders++;
      let row = start(order[0]!);
      for (const heard of order.slice(1)) {
        const next = moveForward(row, heard, false);
        check(!next.held, "held without a multi-capture", order);
        check(statusRank(next.status) >= statusRank(row.status), "status moved back", order);
        check(statusRank(row.status) < FINAL_RANK || next.status === row.status, "a final status changed", order);
        check(row.captured === null || next.captured! >= row.captured, "captured shrank", order);
        check(row.refunded === null || next.refunded! >= row.refunded, "refunded shrank", order);
        check(row.remaining === null || next.remaining! <= row.remaining, "remainder grew", order);
        check(next.remaining === null || next.remaining >= 0n, "remainder below zero", order);
        check(
          !(next.forward && statusRank(next.status) === FINAL_RANK) || next.remaining === 0n,
          "final with a remainder",
          order,
        );
        row = { ...row, ...next };
      }
      // Whatever the order: the amounts are the most heard, the status the first final one heard.
      expect(row.captured).toBe(maxOf(order.map((h) => h.captured)));
      expect(row.refunded).toBe(maxOf(order.map((h) => h.refunded)));
      expect(row.status).toBe(order.find((h) => statusRank(h.status) === FINAL_RANK)!.status);
    }
    expect(orders).toBe(40320);
  });

  it("takes a pending charge to expired, and an expired one on to a late payment, never back", () => {
    const pending = start({ status: "pending" });
    const expired = moveForward(pending, { status: "expired" }, false);
    expect([expired.status, expired.forward]).toEqual(["expired", true]);
    const row = { ...pending, ...expired };
    expect(moveForward(row, { status: "pending" }, false).status).toBe("expired");
    expect(moveForward(row, { status: "succeeded", captured: 1000n, remaining: 0n }, false).status).toBe("succeeded");
  });
});

// A klarna multi-capture of 1000: partial captures read as "succeeded", and the moment the
// console sends the last capture (LAST), after which the authorization is no longer held open.
const LAST = "last capture sent" as const;
const MULTI: (Heard | typeof LAST)[] = [
  { status: "authorized", captured: 0n, remaining: 1000n },
  { status: "succeeded", captured: 400n, remaining: 0n },
  { status: "succeeded", captured: 600n, remaining: 0n },
  { status: "succeeded", captured: 600n, refunded: 200n, remaining: 0n },
  { status: "succeeded", captured: 1000n, remaining: 0n },
  LAST,
  { status: "initiated" },
];

describe("moveForward over every order of a klarna multi-capture", () => {
  it("stays authorized with the rest capturable until the last capture or the full amount", () => {
    let orders = 0;
    for (const order of permutations(MULTI)) {
      orders++;
      let open = true;
      let row = null as Known | null;
      for (const heard of order) {
        if (heard === LAST) {
          open = false;
          continue;
        }
        const next = moveForward(row, heard, open);
        if (row) {
          const captured = next.captured ?? 0n;
          const closes = row.status === "authorized" && heard.status === "succeeded";
          check(next.held === (closes && open && captured < AMOUNT), "held when it should not be, or not held", order);
          const rest = AMOUNT - captured < (row.remaining ?? AMOUNT) ? AMOUNT - captured : row.remaining;
          check(!next.held || (next.status === "authorized" && next.remaining === rest), "held wrongly", order);
          check(
            !(closes && (!open || captured >= AMOUNT)) || (next.status === "succeeded" && next.remaining === 0n),
            "not closed by the last capture",
            order,
          );
          check(row.remaining === null || next.remaining! <= row.remaining, "remainder grew", order);
        }
        row = row === null ? start(heard) : { ...row, ...next };
      }
      expect(row!.captured).toBe(1000n);
      expect(row!.refunded).toBe(200n);
    }
    expect(orders).toBe(5040);
  });
});

describe("moveForward on a refund, capture or cancel row", () => {
  it("moves the status forward only and leaves the authorized remainder to charges", () => {
    const refund: Known = {
      type: "refund",
      status: "pending",
      amount: 300n,
      captured: null,
      refunded: 300n,
      remaining: null,
    };
    expect(moveForward(refund, { status: "succeeded" }, false)).toMatchObject({ status: "succeeded", remaining: null });
    const failed = { ...refund, status: "failed" };
    expect(moveForward(failed, { status: "succeeded" }, false)).toMatchObject({ status: "failed", forward: false });
    expect(moveForward(failed, { status: "pending" }, false)).toMatchObject({ status: "failed", forward: false });
  });
});
