import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { resolveKey } from "./resolve";
import { declarationRow } from "@/test/factories";
import { presetOf } from "@/test/staff";
import { pageDeclarations, SUB_ORDER_MATCHES } from "@/lib/declarations/view";
import { pageChargebacks } from "@/lib/chargebacks/query";
import { listVault } from "@/lib/vault/list";
import { vaultFilterSchema } from "@/lib/vault/schemas";

// Issue 50 item 14: a sub-order number, a Customs declaration number, a vault token and a
// chargeback id are found by a fragment, as references are; before, only the whole value matched.
const digits = `${Date.now()}${randomUUID().replace(/\D/g, "")}`.slice(0, 22);
const subOrderNo = `SUB-${digits}-02`;
const declareNumber = `D${digits.slice(4, 22)}`;
const token = `tok_${digits}`;
const chargebackId = `9${digits.slice(1)}`;
let declarationId = "";

beforeAll(async () => {
  const d = await db.customsDeclaration.create({ data: declarationRow(`ORD-${randomUUID()}`) });
  declarationId = d.id;
  await db.customsSubOrder.create({ data: { declarationId, subOrderNo, state: "submitted", declareNumber } });
  await db.vaultToken.create({ data: { token, status: "active", source: "add", panMasked: "411111******1111" } });
  const now = new Date();
  await db.chargeback.create({
    data: {
      id: chargebackId,
      amount: 4200n,
      currency: "USD",
      status: "Notification of Claim",
      openedAt: now,
      lastChangeAt: now,
    },
  });
});

describe("a fragment of an id", () => {
  const middle = (s: string) => s.slice(6, 16);

  it("leads the header's search to the declaration, the stored card and the chargeback", async () => {
    const hrefs = async (q: string, role: "ops" | "finance") =>
      (await resolveKey(q, presetOf(role))).map((h) => h.href);
    expect(await hrefs(middle(subOrderNo), "ops")).toContain(`/customs/${declarationId}`);
    expect(await hrefs(declareNumber.slice(3, 13).toLowerCase(), "ops")).toContain(`/customs/${declarationId}`);
    expect(await hrefs(middle(token), "finance")).toContain(`/vault/${token}`);
    expect(await hrefs(middle(chargebackId), "finance")).toContain(`/chargebacks/${chargebackId}`);
  });

  it("finds the row in the customs, vault and chargebacks lists", async () => {
    const decl = await pageDeclarations({ q: middle(subOrderNo), limit: 10 });
    expect(decl.rows.map((r) => r.id)).toEqual([declarationId]);
    const byNumber = await pageDeclarations({ q: declareNumber.slice(2, 12), limit: 10 });
    expect(byNumber.rows.map((r) => r.id)).toEqual([declarationId]);
    const vault = await listVault(vaultFilterSchema.parse({ q: middle(token), limit: 10 }));
    expect(vault.tokens.map((t) => t.token)).toEqual([token]);
    const cbs = await pageChargebacks({ q: middle(chargebackId), limit: 10 });
    expect(cbs.rows.map((r) => r.id)).toEqual([chargebackId]);
  });

  it("of two characters still finds only whole values", async () => {
    expect((await pageChargebacks({ q: chargebackId.slice(3, 5), limit: 10 })).rows).toEqual([]);
  });
});

describe("a broad fragment", () => {
  it("reads a bounded number of sub-orders and still finds the newest", async () => {
    const run = randomUUID().slice(0, 8);
    const d = await db.customsDeclaration.create({ data: declarationRow(`ORD-broad-${run}`) });
    const at = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 1000);
    await db.customsSubOrder.createMany({
      data: Array.from({ length: SUB_ORDER_MATCHES + 20 }, (_, i) => ({
        declarationId: d.id,
        subOrderNo: `BROAD-${run}-${i}`,
        state: "submitted",
        createdAt: at(i),
      })),
    });
    const newest = await db.customsDeclaration.create({ data: declarationRow(`ORD-broad-new-${run}`) });
    await db.customsSubOrder.create({
      data: { declarationId: newest.id, subOrderNo: `BROAD-${run}-newest`, state: "submitted" },
    });
    const page = await pageDeclarations({ q: `BROAD-${run}`, limit: 10 });
    expect(page.rows.map((r) => r.id)).toContain(newest.id);
  });
});
