import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { declarationRow } from "@/test/factories";
import { reportTarget } from "@/lib/reports/scheduled-kinds";
import { declarationFilterSchema } from "./schemas";
import { pageDeclarations } from "./view";

// Issue 48, item 14: the "declarations by status" report named a week and its link exported
// every declaration ever made.
const run = randomUUID().slice(0, 8);
afterAll(() => db.customsDeclaration.deleteMany({ where: { reference: { startsWith: `period-${run}` } } }));

it("are the declarations made in the report's period, its days in the reader's zone", async () => {
  const at = (iso: string, n: number) => ({ ...declarationRow(`period-${run}-${n}`), createdAt: new Date(iso) });
  await db.customsDeclaration.createMany({
    data: [
      at("2026-11-22T15:59:00Z", 1), // 23:59 on the 22nd in Shanghai: before the week
      at("2026-11-22T16:00:00Z", 2), // 00:00 on the 23rd in Shanghai: in it
      at("2026-11-29T15:59:00Z", 3), // 23:59 on the 29th: in it
      at("2026-11-29T16:00:00Z", 4), // the 30th: after it
    ],
  });
  const target = new URL(reportTarget("declarationsByStatus", "2026-11-23", "2026-11-29"), "http://x");
  expect(target.pathname).toBe("/api/customs/declarations/export.csv");
  const filter = declarationFilterSchema.parse({ ...Object.fromEntries(target.searchParams), q: `period-${run}` });
  const { rows } = await pageDeclarations({ ...filter, timeZone: "Asia/Shanghai" });
  expect(rows.map((d) => d.reference).sort()).toEqual([`period-${run}-2`, `period-${run}-3`]);
});
