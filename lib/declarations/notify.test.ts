import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { eventsOf, ids, onlyNewPeople, person } from "@/test/notified";
import { bulkDeclare } from "./bulk";
import { inquireDeclaration } from "./inquire";
import { client, declare, ops, paid, sandboxUrl, setUpCustoms } from "@/test/declarations-harness";
import { staffOf } from "@/test/staff";

// Issue 35: a sub-order Customs rejects tells whoever may declare (issue 51: by permission, not role), once; a bulk file that finishes tells its uploader.

setUpCustoms();

const decided = () =>
  fetch(`${sandboxUrl()}/__sandbox/clock/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seconds: 31 * 60 }),
  });

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await onlyNewPeople("ops", "admin");
});

describe("customs events", () => {
  it("a sub-order Customs rejects: everyone who may declare (ops, admins), once however often it is asked again", async () => {
    const [a, b, admin] = [await person("ops"), await person("ops"), await person("admin")];
    const c = await paid({ amount: 20_000, currency: "CNY", method: "wechatpay" });
    const { declaration } = await declare({
      transactionId: c.id,
      vendor: "wechatpay",
      paymentType: "Online",
      isSplit: true,
      subOrders: [
        { subOrderNo: `${c.reference}-1`, orderFee: 6000, transportFee: 1000, productFee: 5000 },
        { subOrderNo: `${c.reference}-EXCEPT`, orderFee: 12_000, transportFee: 2000, productFee: 10_000 },
      ],
    });
    await decided();
    await inquireDeclaration(declaration.id, actorFor(ops, client));
    await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(await eventsOf("customsRejected")).toEqual([
      {
        params: { reference: c.reference, subOrder: `${c.reference}-EXCEPT`, customsStatus: "EXCEPT" },
        link: `/customs/${declaration.id}`,
        to: ids(a, b, admin),
      },
    ]);
  });

  it("a bulk file that finishes: its uploader only", async () => {
    const [uploader, other] = [await person("ops"), await person("ops")];
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const defaults = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" };
    const as = { id: uploader.id, email: uploader.email, name: uploader.name, role: "ops" as const };
    await bulkDeclare(csv, defaults, actorFor(staffOf(as), client));
    const [done, ...more] = await eventsOf("customsBulkFinished");
    expect(more).toEqual([]);
    expect(done).toEqual({ params: { rows: 1, created: 1, failed: 0 }, link: "/customs", to: [uploader.id] });
    expect(done!.to).not.toContain(other.id);
  });
});
