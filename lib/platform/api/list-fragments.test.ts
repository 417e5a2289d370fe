import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { auditFilterSchema, listAudit } from "@/lib/platform/audit/query";
import { pageDeclarations } from "@/lib/declarations/view";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { listVault } from "@/lib/vault/list";
import { declarationRow } from "@/test/factories";
import { vaultFilterSchema } from "@/lib/vault/schemas";

// The other lists' text filters match a fragment in any case, and take what was typed
// literally: a "%" or "_" is that character, not a wildcard that matches every row.
const run = randomUUID().slice(0, 8);

beforeAll(() => overrideConfigForTests({ UPI_BASE_URL: "http://127.0.0.1:9", CUSTOMS_BASE_URL: "http://127.0.0.1:9" }));

describe("fragment filters on the smaller lists", () => {
  it("audit: the actor filter finds part of an email, and % only a %", async () => {
    for (const email of [`ops.${run}@shop.example`, `a%b.${run}@shop.example`])
      await db.auditLog.create({ data: { actorEmail: email, action: "test.fragment", result: "ok" } });
    const actors = async (actor: string) =>
      (await listAudit({ ...auditFilterSchema.parse({ actor }), timeZone: "UTC" })).rows.map((r) => r.actorEmail);
    expect(await actors(`OPS.${run}`)).toEqual([`ops.${run}@shop.example`]);
    expect(await actors(`a%b.${run}`)).toEqual([`a%b.${run}@shop.example`]);
    expect(await actors(`%.${run}`)).toEqual([]);
  });

  it("customs: the search finds part of an order number", async () => {
    await db.customsDeclaration.deleteMany({ where: { reference: { startsWith: "frag-" } } });
    await db.customsDeclaration.createMany({
      data: [declarationRow(`frag-ORDER-${run}`), declarationRow(`frag-xther-${run}`)],
    });
    const refs = async (q: string) =>
      (await pageDeclarations(declarationFilterSchema.parse({ q }))).rows.map((d) => d.reference);
    expect(await refs(`order-${run}`)).toEqual([`frag-ORDER-${run}`]);
    expect(await refs("frag-_")).toEqual([]);
  });

  it("customs: the search finds a declaration by a sub-order's number or declare number", async () => {
    const d = await db.customsDeclaration.create({ data: declarationRow(`frag-sub-${run}`) });
    await db.customsSubOrder.create({
      data: { declarationId: d.id, subOrderNo: `SO-${run}`, state: "submitted", declareNumber: `DN-${run}` },
    });
    const refs = async (q: string) =>
      (await pageDeclarations(declarationFilterSchema.parse({ q }))).rows.map((d) => d.reference);
    expect(await refs(`SO-${run}`)).toEqual([`frag-sub-${run}`]);
    expect(await refs(`DN-${run}`)).toEqual([`frag-sub-${run}`]);
    expect(await refs(`DN-${run}-none`)).toEqual([]);
  });

  it("vault: the brand choices are each stored brand once, in order", async () => {
    await db.vaultToken.deleteMany({ where: { token: { startsWith: "brand-" } } });
    await db.vaultToken.createMany({
      data: ["visa", "amex", "visa", null, ""].map((brand, i) => ({
        token: `brand-${run}-${i}`,
        status: "active",
        source: "add",
        brand,
      })),
    });
    const { brands } = await listVault(vaultFilterSchema.parse({}));
    expect(brands.filter((b) => ["visa", "amex"].includes(b))).toEqual(["amex", "visa"]);
    expect(brands).not.toContain("");
    expect(new Set(brands).size).toBe(brands.length);
  });

  it("vault: consumer reference by a fragment; % matches no card", async () => {
    await db.vaultToken.deleteMany({ where: { token: { startsWith: "frag-" } } });
    await db.vaultToken.create({
      data: { token: `frag-${run}`, status: "active", source: "add", consumerReference: `CUST-${run}-7` },
    });
    const tokens = async (q: string) => (await listVault(vaultFilterSchema.parse({ q }))).tokens.map((t) => t.token);
    expect(await tokens(`cust-${run}`)).toEqual([`frag-${run}`]);
    expect(await tokens("%")).toEqual([]);
  });
});
