import { describe, expect, it } from "vitest";
import { settingsLoosening } from "@/lib/pending-changes/rules";
import { changeOf, settingsMoves } from "@/lib/pending-changes/moves";
import type { Settings } from "@/lib/platform/settings/schema";
import { batchOverThreshold, batchThresholdReasons } from "./threshold";

const rules = { refundBatchThresholds: { USD: 10_000, EUR: 5_000 } };

describe("the batch threshold", () => {
  it("counts the last day's unreviewed batches with this one, and fails safe for a currency it does not list", () => {
    expect(batchOverThreshold(rules, { USD: 10_000 }, {})).toEqual([]);
    expect(batchOverThreshold(rules, { USD: 6_000 }, { USD: 4_001 })).toEqual(["USD"]);
    expect(batchOverThreshold(rules, { USD: 1, EUR: 5_001, JPY: 1 }, {})).toEqual(["EUR", "JPY"]);
    expect(batchThresholdReasons(rules, { USD: 1, EUR: 5_001, JPY: 1 }, {})).toEqual({ over: ["EUR"], unset: ["JPY"] });
  });

  it("raising it, or giving a currency one, waits for a second admin; lowering it does not", () => {
    const current = { refundBatchThresholds: { USD: 10_000, EUR: 5_000 } } as unknown as Settings;
    expect(settingsLoosening(current, { refundBatchThresholds: { USD: 20_000, EUR: 5_000, JPY: 1 } })).toEqual([
      "Refund batch threshold JPY: fewer batches wait for approval",
      "Refund batch threshold USD: fewer batches wait for approval",
    ]);
    expect(settingsLoosening(current, { refundBatchThresholds: { USD: 5_000 } })).toEqual([]);
    // Applied per currency, as the refund thresholds are: a change to EUR meanwhile is kept.
    const moves = settingsMoves(current, { refundBatchThresholds: { USD: 20_000, EUR: 5_000 } });
    expect(moves).toEqual([{ key: "refundBatchThresholds", currency: "USD", before: 10_000, after: 20_000 }]);
    const later = { refundBatchThresholds: { USD: 10_000, EUR: 1_000 } } as unknown as Settings;
    expect(changeOf(later, moves)).toEqual({ refundBatchThresholds: { USD: 20_000, EUR: 1_000 } });
  });
});
