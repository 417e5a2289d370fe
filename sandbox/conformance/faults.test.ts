import { describe, expect, it } from "vitest";
import { api, chargeBody, ref, useSandbox } from "./harness";
import { startSandbox } from "../server";

// Fault switches (per request and per run) and persistence across a restart.
describe("faults", () => {
  const box = useSandbox();
  const charge = async () =>
    (await api(box.sandbox, "POST", "/v1/charges", { auth: box.token, json: chargeBody({ auto_capture: true }) })).body
      .data;
  const refunds = async (id: string) =>
    (await api(box.sandbox, "GET", `/v1/transactions/${id}`, { auth: box.token })).body.data.refunds.data;

  it.each([
    ["4101", 500],
    ["4105", 508],
    ["4106", 508],
    ["4107", 508],
    ["5100", 500],
  ])("error=%s answers HTTP %i with the fail envelope and applies nothing", async (code, http) => {
    const c = await charge();
    const res = await api(box.sandbox, "POST", "/v1/refunds", {
      auth: box.token,
      json: { id: c.id, reference: ref("r") },
      headers: { "X-Sandbox-Fault": `error=${code}` },
    });
    expect(res).toMatchObject({ status: http, body: { status: "fail", data: { code } } });
    expect(await refunds(c.id)).toHaveLength(0);
  });

  it("hang never answers and applies nothing; hang-after applies and never answers", async () => {
    const c = await charge();
    const before = api(box.sandbox, "POST", "/v1/refunds", {
      auth: box.token,
      json: { id: c.id, reference: ref("r"), amount: 1 },
      headers: { "X-Sandbox-Fault": "hang" },
      timeoutMs: 300,
    });
    await expect(before).rejects.toThrow();
    expect(await refunds(c.id)).toHaveLength(0);
    const reference = ref("r");
    const after = api(box.sandbox, "POST", "/v1/refunds", {
      auth: box.token,
      json: { id: c.id, reference, amount: 1 },
      headers: { "X-Sandbox-Fault": "hang-after" },
      timeoutMs: 300,
    });
    await expect(after).rejects.toThrow();
    expect((await refunds(c.id)).map((r: { reference: string }) => r.reference)).toEqual([reference]);
    // the retry with the same reference is refused, so the merchant never refunds twice
    const retry = await api(box.sandbox, "POST", "/v1/refunds", {
      auth: box.token,
      json: { id: c.id, reference, amount: 1 },
    });
    expect(retry.body.data.code).toBe("4100");
  });

  it("reset closes the connection; latency delays the answer", async () => {
    await expect(
      api(box.sandbox, "GET", "/v1/vault", { auth: box.token, headers: { "X-Sandbox-Fault": "reset" } }),
    ).rejects.toThrow();
    const started = Date.now();
    expect(
      (await api(box.sandbox, "GET", "/v1/vault", { auth: box.token, headers: { "X-Sandbox-Fault": "latency=150" } }))
        .status,
    ).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("run-wide rules apply to the next matching requests only", async () => {
    const rule = await api(box.sandbox, "POST", "/__sandbox/faults", {
      json: { method: "POST", path_prefix: "/v1/refunds", fault: "error=4106", count: 2 },
    });
    expect(rule.status).toBe(201);
    const c = await charge();
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (
          await api(box.sandbox, "POST", "/v1/refunds", {
            auth: box.token,
            json: { id: c.id, reference: ref("r"), amount: 1 },
          })
        ).status,
      );
    }
    expect(codes).toEqual([508, 508, 200]);
    expect((await api(box.sandbox, "POST", "/__sandbox/faults", { json: { fault: "explode" } })).status).toBe(400);
  });
});

describe("persistence", () => {
  const box = useSandbox();

  it("keeps charges, tokens and the clock across a restart, and forgets them on reset", async () => {
    const c = (await api(box.sandbox, "POST", "/v1/charges", { auth: box.token, json: chargeBody() })).body.data;
    await api(box.sandbox, "POST", "/__sandbox/clock/advance", { json: { seconds: 3600 } });
    await box.sandbox.close();
    box.sandbox = await startSandbox({ dataDir: box.dir });
    const again = await api(box.sandbox, "GET", `/v1/transactions/${c.id}`, { auth: box.token });
    expect(again.body.data).toMatchObject({ id: c.id, status: "authorized" });
    expect((await api(box.sandbox, "GET", "/__sandbox/clock")).body.offset_seconds).toBeGreaterThanOrEqual(3600);
    await api(box.sandbox, "POST", "/__sandbox/reset");
    expect((await api(box.sandbox, "GET", `/v1/transactions/${c.id}`, { auth: box.token })).status).toBe(401);
  });

  it("keeps the API requests it heard, card number masked and cvv dropped, for a test to read", async () => {
    const body = chargeBody({ auto_capture: true });
    await api(box.sandbox, "POST", "/v1/charges", { auth: box.token, json: body });
    const heard = (await api(box.sandbox, "GET", "/__sandbox/requests?path=/v1/charges")).body;
    const last = heard.at(-1);
    expect(last).toMatchObject({ method: "POST", path: "/v1/charges" });
    expect(last.body.transaction.amount).toBe(body.transaction.amount);
    const text = JSON.stringify(last.body);
    expect(text).not.toContain("4111111111111111");
    expect(text).not.toMatch(/"cvv"/);
  });

  it("keeps a GET's query parameters among the requests heard (a consult's whole input)", async () => {
    const q = "method=card&amount=12000&currency=USD&country=SG&client=mobile_browser&device=ios";
    await api(box.sandbox, "GET", `/v1/consults?${q}`, { auth: box.token });
    const last = (await api(box.sandbox, "GET", "/__sandbox/requests?path=/v1/consults")).body.at(-1);
    expect(last).toMatchObject({
      method: "GET",
      path: "/v1/consults",
      query: {
        method: "card",
        amount: "12000",
        currency: "USD",
        country: "SG",
        client: "mobile_browser",
        device: "ios",
      },
    });
  });
});
