import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { storageStateFor, sql } from "./support/users";
import { sandboxCall, sandboxControl } from "./support/sandbox";

// Customs declares an order once (issue 17, item 10): unclear answers are unknown and
// settled by inquiry, a declared order is not declared again by accident, and a bulk file
// uploaded twice declares nothing twice.
const run = Date.now().toString(36);
let n = 0;

async function paid(request: APIRequestContext, baseURL: string, amount: number) {
  const c = await sandboxCall("POST", "/v1/charges", {
    transaction: { reference: `e2e-sc-${run}-${++n}`, amount, currency: "CNY", country: "CN", auto_capture: true },
    payment: { method: "alipay" },
  });
  await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  expect(
    (await request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } })).status(),
  ).toBe(201);
  return c as { id: string; reference: string };
}
const body = (transactionId: string, paymentType = "Online") => ({
  transactionId,
  vendor: "alipay",
  paymentType,
  merchantCustomsCode: "1234567890",
  merchantCustomsName: "Demo Trading",
  customsLocation: "HANGZHOU",
  isSplit: false,
  subOrders: [],
});
/**
 * Customs needs a moment to show a late submission: the console settles an unknown sub-order by
 * inquiry a minute on. Aged here for the resubmit, the sub-order also counts as just checked, so
 * the minute sweep does not settle it first.
 */
const aMinuteOn = (subId: string) =>
  sql(
    "UPDATE customs_sub_orders SET updated_at = updated_at - interval '61 seconds', checked_at = now() WHERE id = $1",
    [subId],
  );
const declarationsOf = async (reference: string) =>
  Number(
    (await sql<{ n: string }>("SELECT count(*) AS n FROM customs_declarations WHERE reference = $1", [reference]))[0]!
      .n,
  );

test.describe("customs declarations once (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });
  test.afterEach(async () => {
    await sandboxControl("DELETE", "/__sandbox/faults");
  });

  test("the same key with another body is 422, and the same order under a new key is 409", async ({
    request,
    baseURL,
  }) => {
    const c = await paid(request, baseURL!, 9000);
    const key = randomUUID();
    const first = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": key },
      data: body(c.id),
    });
    expect(first.status()).toBe(202);
    const other = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": key },
      data: body(c.id, "Hosted"),
    });
    expect(other.status()).toBe(422);
    const again = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: body(c.id),
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.message).toContain("already declared");
    expect(await declarationsOf(c.reference)).toBe(1);
  });

  test("a bulk file uploaded twice declares its orders once", async ({ request, baseURL }) => {
    const c = await paid(request, baseURL!, 12_000);
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    // As the old page did: a fresh key for every upload.
    const upload = () =>
      request.post("/api/customs/bulk", {
        headers: { Origin: baseURL!, "Content-Type": "text/csv", "Idempotency-Key": randomUUID() },
        data: csv,
      });
    const first = await (await upload()).json();
    const second = await (await upload()).json();
    expect(second.rows[0]).toMatchObject({ ok: true, declarationId: first.rows[0].declarationId });
    expect(second.sent).toBe(0);
    expect(await declarationsOf(c.reference)).toBe(1);
  });

  test("a 5xx answer leaves the sub-order unknown, and resubmitting it inquires instead of declaring again", async ({
    request,
    baseURL,
  }) => {
    const c = await paid(request, baseURL!, 6600);
    // The fault hits the next declaration sent: let every queued one (other tests') go first.
    await expect
      .poll(
        async () =>
          Number(
            (
              await sql<{ n: string }>(
                "SELECT count(*) AS n FROM customs_sub_orders WHERE state IN ('pending', 'sending')",
              )
            )[0]!.n,
          ),
        { timeout: 20_000 },
      )
      .toBe(0);
    await sandboxControl("POST", "/__sandbox/faults", {
      fault: "error-after=5100",
      path_prefix: "/chinacustoms/declare",
      count: 1,
    });
    const res = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: body(c.id),
    });
    const id = (await res.json()).declaration.id as string;
    const sub = async () =>
      (await (await request.get(`/api/customs/declarations/${id}`)).json()).declaration.subOrders[0];
    await expect.poll(async () => (await sub()).state, { timeout: 15_000 }).toBe("unknown");
    const resubmit = () =>
      request.post(`/api/customs/declarations/${id}/sub-orders/${subId}/resubmit`, {
        headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
        data: { subOrderNo: c.reference },
      });
    const subId = (await sub()).id as string;
    // Within a minute Customs may not show it yet: no inquiry settles it, nothing is sent.
    const early = await resubmit();
    expect(early.status()).toBe(409);
    expect((await early.json()).error.message).toContain("still being checked");
    expect((await sub()).state).toBe("unknown");
    await aMinuteOn(subId);
    const late = await resubmit();
    expect(late.status()).toBe(409);
    expect((await late.json()).error.message).toContain("nothing was sent again");
    expect(await sub()).toMatchObject({ state: "submitted", attempts: 1 });
  });

  test("a resubmit needs an Idempotency-Key; the same key twice sends once, and a submitted sub-order is not sent again", async ({
    request,
    baseURL,
  }) => {
    const c = await paid(request, baseURL!, 6700);
    await expect
      .poll(
        async () =>
          Number(
            (
              await sql<{ n: string }>(
                "SELECT count(*) AS n FROM customs_sub_orders WHERE state IN ('pending', 'sending')",
              )
            )[0]!.n,
          ),
        { timeout: 20_000 },
      )
      .toBe(0);
    await sandboxControl("POST", "/__sandbox/faults", {
      fault: "error=5100",
      path_prefix: "/chinacustoms/declare",
      count: 1,
    }); // not applied: Customs has no record
    const res = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: body(c.id),
    });
    const id = (await res.json()).declaration.id as string;
    const sub = async () =>
      (await (await request.get(`/api/customs/declarations/${id}`)).json()).declaration.subOrders[0];
    await expect.poll(async () => (await sub()).state, { timeout: 15_000 }).toBe("unknown");
    const subId = (await sub()).id as string;
    await aMinuteOn(subId);
    const url = `/api/customs/declarations/${id}/sub-orders/${subId}/resubmit`;
    const withoutKey = await request.post(url, { headers: { Origin: baseURL! }, data: { subOrderNo: c.reference } });
    expect(withoutKey.status()).toBe(400);
    const key = randomUUID();
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        request.post(url, { headers: { Origin: baseURL!, "Idempotency-Key": key }, data: { subOrderNo: c.reference } }),
      ),
    );
    expect([first!.status(), second!.status()]).toEqual([200, 200]);
    expect([first!.headers()["idempotency-replayed"], second!.headers()["idempotency-replayed"]].sort()).toEqual([
      "true",
      undefined,
    ]);
    expect(await sub()).toMatchObject({ state: "submitted", attempts: 2 });
    // Submitted: the same number again would add to the declared amount (alipay), so it is refused.
    const again = await request.post(url, {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { subOrderNo: c.reference },
    });
    expect(again.status()).toBe(409);
    expect(await sub()).toMatchObject({ state: "submitted", attempts: 2 });
  });
});
