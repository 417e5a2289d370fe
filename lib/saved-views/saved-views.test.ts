import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { canonicalQuery } from "./lists";
import { renameViewSchema, saveViewSchema } from "./schemas";
import { deleteView, listViews, renameView, saveView } from "./service";
import { staffOf } from "@/test/staff";

const client = { ip: "127.0.0.1", userAgent: "vitest" };
const person = (role: StaffUser["role"]): StaffUser =>
  staffOf({
    id: randomUUID(),
    email: `views-${randomUUID().slice(0, 8)}@example.com`,
    name: "Views",
    role,
  });
const alice = person("finance");
const bob = person("finance");
const olga = person("ops");

beforeAll(async () => {
  for (const { permissions: _, ...u } of [alice, bob, olga])
    await db.user.create({ data: { ...u, passwordHash: "x" } });
});

describe("the query a view keeps", () => {
  it("is canonical: paging and empty values dropped, names sorted, values encoded", () => {
    expect(canonicalQuery("?status=succeeded&q=ux-order&cursor=abc&currency=&sort=time")).toBe(
      "q=ux-order&sort=time&status=succeeded",
    );
    expect(canonicalQuery("q=a b&status=succeeded,refunded")).toBe("q=a+b&status=succeeded%2Crefunded");
    expect(canonicalQuery("cursor=x&before=1")).toBeNull();
  });

  it("never keeps a value that could break out of the link it is shown in", () => {
    const q = canonicalQuery(`q="><script>alert(1)</script>&next=javascript:alert(1)#frag&x%00=1&bad\u0001=1`);
    expect(q).toBe("next=javascript%3Aalert%281%29%23frag&q=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E");
    expect(q).not.toMatch(/[<>"'#\s]/);
    expect(canonicalQuery(`q=${"a".repeat(201)}`)).toBeNull();
    expect(canonicalQuery("q=bad\u0007")).toBeNull();
    expect(saveViewSchema.safeParse({ list: "evil", name: "x", query: "q=1" }).success).toBe(false);
    expect(
      saveViewSchema.safeParse({ list: "transactions", name: "x", query: "cursor=1" }).error?.issues[0],
    ).toMatchObject({
      message: "validation.savedViews.empty",
    });
  });
});

describe("saved views", () => {
  it("belong to one person: listed only for them, deleted only by them, one per name", async () => {
    const save = (u: StaffUser, name: string, query: string) =>
      saveView(saveViewSchema.parse({ list: "transactions", name, query }), actorFor(u, client));
    const mine = await save(alice, "Refunded USD", "status=refunded&currency=USD&cursor=zzz");
    expect(mine).toMatchObject({ href: "/transactions?currency=USD&status=refunded" });
    await save(alice, "Refunded USD", "status=refunded&currency=EUR");
    expect((await listViews(alice, "transactions")).map((v) => [v.name, v.query])).toEqual([
      ["Refunded USD", "currency=EUR&status=refunded"],
    ]);
    expect(await listViews(bob, "transactions")).toEqual([]);
    await expect(deleteView(mine.id, actorFor(bob, client))).rejects.toMatchObject({ name: "NotFound" });
    expect(await listViews(alice, "transactions")).toHaveLength(1);
    await deleteView(mine.id, actorFor(alice, client));
    expect(await listViews(alice, "transactions")).toEqual([]);
  });

  it("only for lists the person may open", async () => {
    await expect(listViews(olga, "audit")).rejects.toMatchObject({ name: "Forbidden" });
    await expect(
      saveView(saveViewSchema.parse({ list: "users", name: "x", query: "q=1" }), actorFor(olga, client)),
    ).rejects.toMatchObject({ name: "Forbidden" });
  });

  it("are renamed by their owner only, never onto a name another of their views of the list has", async () => {
    const save = (name: string, query: string) =>
      saveView(saveViewSchema.parse({ list: "transactions", name, query }), actorFor(alice, client));
    const usd = await save("USD", "currency=USD");
    await save("EUR", "currency=EUR");
    const dollars = await renameView(
      usd.id,
      renameViewSchema.parse({ name: "  Dollars " }).name,
      actorFor(alice, client),
    );
    expect(dollars).toMatchObject({ id: usd.id, name: "Dollars", query: "currency=USD" });
    await expect(renameView(usd.id, "EUR", actorFor(alice, client))).rejects.toMatchObject({
      name: "Conflict",
      rule: "view_name_taken",
    });
    await expect(renameView(usd.id, "Mine now", actorFor(bob, client))).rejects.toMatchObject({ name: "NotFound" });
    expect((await listViews(alice, "transactions")).map((v) => v.name)).toEqual(["Dollars", "EUR"]);
    expect(renameViewSchema.safeParse({ name: " " }).error?.issues[0]).toMatchObject({
      message: "validation.savedViews.name",
    });
  });
});
