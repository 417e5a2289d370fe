import { describe, expect, it } from "vitest";
import { daysLeftIn, deadlineOf, dueCutoffs } from "./deadline";
import { chargebackView } from "./query";

const DAY = 86_400_000;
const now = Date.parse("2026-11-24T12:00:00Z");
const days = { "Notification of Claim": 10, "Request For Information": 7 } as const;

describe("chargeback deadline", () => {
  it.each([
    ["Notification of Claim", 0, "2026-12-04T12:00:00.000Z", 10, "ok"],
    ["Notification of Claim", 8 * DAY, "2026-11-26T12:00:00.000Z", 2, "due_soon"],
    ["Request For Information", 7 * DAY - 3_600_000, "2026-11-24T13:00:00.000Z", 0, "due_soon"],
    ["Request For Information", 8 * DAY, "2026-11-23T12:00:00.000Z", -1, "overdue"],
    ["Request For Information", 7 * DAY + 3_600_000, "2026-11-24T11:00:00.000Z", 0, "overdue"],
    ["Request For Information", 9 * DAY + 3_600_000, "2026-11-22T11:00:00.000Z", -2, "overdue"],
  ] as const)("%s entered %d ms ago → due %s", (status, ago, by, left, urgency) => {
    const d = deadlineOf(status, new Date(now - ago), days, now);
    expect(d).toEqual({ respondBy: by, daysLeft: left, urgency });
  });

  it.each(["Information Supplied", "Won", "Lost", "Case Closed", "something else"])(
    "%s has no date unless a window is set",
    (status) => {
      expect(deadlineOf(status, new Date(now), days, now)).toEqual({
        respondBy: null,
        daysLeft: null,
        urgency: "none",
      });
      expect(deadlineOf(status, new Date(now - 3 * DAY), { [status]: 2 }, now).urgency).toBe("overdue");
    },
  );

  it("gives the queue a cut-off per status with a window", () => {
    expect(dueCutoffs(days, now)).toEqual([
      { status: "Notification of Claim", enteredBefore: new Date(now - 10 * DAY) },
      { status: "Request For Information", enteredBefore: new Date(now - 7 * DAY) },
    ]);
  });
});

// Issue 50 item 13: days left were whole 24-hour periods, one short of the calendar days the reader counts.
describe("days left to respond, in the reader's zone", () => {
  const at = Date.parse("2026-12-02T17:30:00Z"); // 01:30 on 3 Dec in Shanghai, 17:30 on 2 Dec in UTC
  it.each([
    ["2026-12-11T16:05:00Z", "Asia/Shanghai", 9], // 00:05 on 12 Dec there: 8 days 22 hours away, 9 calendar days
    ["2026-12-11T02:00:00Z", "Asia/Shanghai", 8],
    ["2026-12-11T02:00:00Z", "UTC", 9],
    ["2026-12-02T23:59:00Z", "UTC", 0],
    ["2026-12-01T23:59:00Z", "UTC", -1],
  ] as const)("due %s, read in %s: %d", (by, zone, left) => {
    expect(daysLeftIn(by, zone, at)).toBe(left);
  });
});

describe("a case's age", () => {
  // The opening time is the payment service's: a clock a few seconds ahead of ours is not a case from the future.
  it("is 0 days, never -1, for a case opened by a clock ahead of the console's", () => {
    const openedAt = new Date(now + 5_000);
    const row = {
      ...{ id: "cb_ahead", chargeId: null, listedChargeId: null, reference: null, amount: 100n, currency: "USD" },
      ...{ status: "Notification of Claim", outcome: null, reason: null, openedAt, lastChangeAt: openedAt },
      ...{ closedAt: null, owner: null, history: [] },
    } as unknown as Parameters<typeof chargebackView>[0];
    expect(chargebackView(row, days, now).ageDays).toBe(0);
  });
});
