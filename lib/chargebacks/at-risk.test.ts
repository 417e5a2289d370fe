import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { pageChargebacks } from "./query";
import { reportTarget } from "@/lib/reports/scheduled-kinds";

// Issue 48, item 14: the "chargebacks at risk" report covered one status of those waiting on the
// merchant's response (Request For Information), and left Notification of Claim out.
const run = randomUUID().slice(0, 8);
const ids = ["Notification of Claim", "Request For Information", "Information Supplied", "Won"].map((status, i) => ({
  id: `cb_risk_${run}_${i}`,
  status,
}));
afterAll(() => db.chargeback.deleteMany({ where: { id: { in: ids.map((c) => c.id) } } }));

it("are the cases waiting on the merchant's response, every such status, and the report links to them", async () => {
  const now = new Date();
  await db.chargeback.createMany({
    data: ids.map(({ id, status }) => ({
      id,
      reference: `risk-${run}`,
      amount: 1000n,
      currency: "USD",
      status,
      openedAt: now,
      lastChangeAt: now,
    })),
  });
  const { rows } = await pageChargebacks({ atRisk: "1", limit: 200 });
  const mine = rows.filter((r) => r.id.includes(run)).map((r) => r.status);
  expect(mine.sort()).toEqual(["Notification of Claim", "Request For Information"]);
  expect(reportTarget("chargebacksAtRisk", "2026-11-23", "2026-11-29")).toBe("/api/chargebacks/export.csv?atRisk=1");
});
