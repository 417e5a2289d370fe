import { describe, expect, it } from "vitest";
import { api, chargeBody, PRIVATE_KEY, useSandbox } from "./harness";

// Spec: Authentication; Resources › Access token; Limits › token lifetime.
describe("access tokens", () => {
  const box = useSandbox();

  it("issues server and client tokens with expiry and permissions", async () => {
    const now = Math.floor(Date.now() / 1000);
    const server = await api(box.sandbox, "POST", "/v1/access-tokens", {
      auth: PRIVATE_KEY,
      json: { token_type: "server" },
    });
    expect(server.status).toBe(200);
    expect(server.body).toMatchObject({ status: "success", app: "service_upi", version: "v1.0.0" });
    expect(server.body.data).toMatchObject({
      token_type: "server",
      permission: expect.arrayContaining(["refund", "capture", "charge", "inquiry"]),
    });
    expect(server.body.data.expiry).toBeGreaterThanOrEqual(now + 24 * 3600 - 5);
    const client = await api(box.sandbox, "POST", "/v1/access-tokens", {
      auth: PRIVATE_KEY,
      json: { token_type: "client" },
    });
    expect(client.body.data.token_type).toBe("client");
    expect(client.body.data.permission).not.toContain("refund");
  });

  it.each([
    ["an unknown private key", { auth: "sk_wrong", json: { token_type: "server" } }, 401, "4010"],
    ["no Authorization header", { json: { token_type: "server" } }, 400, "4102"],
    ["a bad token_type", { auth: PRIVATE_KEY, json: { token_type: "admin" } }, 400, "4000"],
  ])("refuses %s", async (_, opts, http, code) => {
    const res = await api(box.sandbox, "POST", "/v1/access-tokens", opts);
    expect(res.status).toBe(http);
    expect(res.body).toMatchObject({ status: "fail", data: { code } });
  });

  it("allows client tokens only for vault and consult", async () => {
    const client = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "client" } })
    ).body.data.access_token;
    expect((await api(box.sandbox, "GET", "/v1/vault", { auth: client })).status).toBe(200);
    expect(
      (await api(box.sandbox, "GET", "/v1/consults?method=card&amount=1000&currency=USD", { auth: client })).status,
    ).toBe(200);
    const charge = await api(box.sandbox, "POST", "/v1/charges", { auth: client, json: chargeBody() });
    expect(charge.status).toBe(401);
    expect(charge.body.data.code).toBe("4010");
  });

  it("answers 401 / 4010 for an unknown token and for one expired on the sandbox clock", async () => {
    const unknown = await api(box.sandbox, "GET", "/v1/transactions/1", { auth: "srv_nope" });
    expect(unknown).toMatchObject({ status: 401, body: { data: { code: "4010" } } });
    const token = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "server" } })
    ).body.data.access_token;
    await api(box.sandbox, "POST", "/__sandbox/clock/advance", { json: { seconds: 24 * 3600 + 1 } });
    const expired = await api(box.sandbox, "GET", "/v1/vault", { auth: token });
    expect(expired).toMatchObject({ status: 401, body: { data: { code: "4010" } } });
    const fresh = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "server" } })
    ).body.data.access_token;
    expect((await api(box.sandbox, "GET", "/v1/vault", { auth: fresh })).status).toBe(200);
  });

  it("honours a merchant's shorter token lifetime", async () => {
    const m = await api(box.sandbox, "POST", "/__sandbox/merchants", { json: { token_ttl_seconds: 60 } });
    const t = await api(box.sandbox, "POST", "/v1/access-tokens", {
      auth: m.body.private_key,
      json: { token_type: "server" },
    });
    const clock = (await api(box.sandbox, "GET", "/__sandbox/clock")).body.now;
    expect(t.body.data.expiry).toBe(clock + 60);
  });
});
