import { describe, expect, it } from "vitest";
import { deadlineOf, dueCutoffs } from "./deadline";

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
