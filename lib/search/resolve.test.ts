import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { resolveKey } from "./resolve";
import { declarationRow, ledgerRow } from "@/test/factories";
import { presetOf } from "@/test/staff";

// The header's search box finds what people type, as the transactions list does: before
// issue 20 "ux-order" and the customer's email found nothing.
const run = randomUUID().slice(0, 8);
let n = 0;
const row = (o: Record<string, unknown>) => ledgerRow({ id: `resolve-${run}-${++n}`, amount: 4200n, ...o });

beforeEach(async () => {
  await db.operation.deleteMany();
  await db.ledgerTransaction.deleteMany();
  await db.ledgerTransaction.createMany({
    data: [
      row({ id: `one-${run}`, reference: `ux-order-${run}`, customerEmail: "Jane@Shop.example", cardLast4: "4242" }),
      ...Array.from({ length: 12 }, (_, i) => row({ reference: `bulk-${run}-${i}`, amount: 777n })),
    ],
  });
});

describe("header search", () => {
  it("leads a fragment, an email, a last four or an amount to the one charge", async () => {
    for (const q of [`ux-order-${run.slice(0, 4)}`, "jane@shop", "4242", "42.00"]) {
      // Vault tokens and chargeback ids left by earlier files are random and may hold "4242".
      const hits = (await resolveKey(q, presetOf("finance"))).filter((h) => h.href.startsWith("/transactions"));
      expect(hits, q).toHaveLength(1);
      expect(hits[0]).toMatchObject({ href: `/transactions/one-${run}` });
      expect(hits[0]!.label).toContain("Jane@Shop.example");
      expect(hits[0]!.label).toContain("•••• 4242");
    }
  });

  it("lists ten and links the rest to the transactions list", async () => {
    const hits = await resolveKey(`bulk-${run}`, presetOf("ops"));
    expect(hits.filter((h) => h.href.startsWith("/transactions/"))).toHaveLength(10);
    expect(hits.at(-1)).toEqual({
      kind: "transactions",
      label: `More than 10 transactions matching “bulk-${run}” in the list`,
      href: `/transactions?q=bulk-${run}`,
    });
  });

  it("finds a declaration by part of its order number, only for those who may read customs", async () => {
    await db.customsDeclaration.create({ data: declarationRow(`ORD-${run}-99`) });
    expect(await resolveKey(`ord-${run}`, presetOf("ops"))).toEqual([
      expect.objectContaining({ kind: "declaration", label: `declaration of ORD-${run}-99` }),
    ]);
    expect(await resolveKey(`ord-${run}`, presetOf("finance"))).toEqual([]);
  });

  it("labels the hits in the reader's language (issue 21)", async () => {
    const zh = { locale: "zh-CN" as const, timeZone: "Asia/Shanghai" };
    const [one] = await resolveKey("4242", presetOf("finance"), zh);
    expect(one!.label).toBe(`ux-order-${run} · US$42.00 · Jane@Shop.example · 银行卡 •••• 4242 · 支付 one-${run}`);
    const hits = await resolveKey(`bulk-${run}`, presetOf("ops"), zh);
    expect(hits.at(-1)!.label).toBe(`列表中与“bulk-${run}”匹配的交易超过 10 笔`);
  });
});
