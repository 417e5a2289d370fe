import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { db } from "@/lib/platform/db";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { getUpi, UpiError } from "@/lib/upi";
import { issueAccessToken } from "@/lib/upi/client";
import { getCustoms } from "@/lib/customs";
import { setCredential, testConnection } from "./credentials";
import { getSettingsState, settingsChangeNeedsStepUp, updateSettings } from "@/lib/platform/settings/service";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { staffOf } from "@/test/staff";

// Issue 17, item 1: a base URL set by an admin must not carry the merchant's credentials
// to an inside host, and Test connection must not be a port scanner.
let sandbox: Sandbox;
const admin: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000a1",
  email: "admin@example.com",
  name: "Ad",
  role: "admin",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
const KEY = "sk_sandbox_default_private_key";

/** A listener that records what reaches it: a host the credentials must not go to. */
async function collector() {
  const seen: IncomingMessage[] = [];
  const server = createHttpServer((req, res) => {
    seen.push(req);
    res.writeHead(404).end("not here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const close = () =>
    new Promise((r) => {
      server.close(r);
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close };
}
/** A TCP server for the oracle cases: one that never answers, one that answers garbage. */
async function tcp(onConnect: (socket: import("node:net").Socket) => void) {
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket);
    onConnect(socket);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const close = () =>
    new Promise((r) => {
      server.close(r);
      for (const socket of sockets) socket.destroy();
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  overrideConfigForTests({ UPI_BASE_URL: sandbox.url, CUSTOMS_BASE_URL: sandbox.url });
});
afterAll(async () => {
  await sandbox.close();
  await db.setting.deleteMany(); // the next file's settings are its own
});
beforeEach(async () => {
  overrideConfigForTests({ CONSOLE_ENV: undefined });
  await db.setting.deleteMany();
  await db.secret.deleteMany();
  await writeSecret(SECRET_NAMES.privateKey, KEY);
  await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default_customs_token");
  await updateSettings({ upiTimeoutMs: 2000 }, "test");
});

describe("base URLs in production", () => {
  const production = { production: true };
  const dns = (table: Record<string, string[]>) => async (host: string) => table[host] ?? [];

  it("refuses loopback, private, link-local and metadata addresses, names that resolve inward included", async () => {
    const resolve = dns({ "pay.attacker.example": ["10.0.0.5"], "api.payments.example": ["93.184.216.34"] });
    for (const url of [
      "http://127.0.0.1:4010",
      "http://169.254.169.254/latest",
      "http://[fd00:ec2::254]/",
      "http://metadata.google.internal",
      "https://pay.attacker.example",
    ]) {
      await expect(updateSettings({ upiBaseUrl: url }, "admin", { ...production, resolve })).rejects.toMatchObject({
        name: "Invalid",
        rule: "internal_address",
        message: expect.stringContaining("cannot be used in production"),
      });
    }
    await expect(
      updateSettings({ customsBaseUrl: "http://192.168.1.10" }, "admin", { ...production, resolve }),
    ).rejects.toMatchObject({ name: "Invalid", rule: "internal_address" });
    expect((await getSettingsState()).settings.upiBaseUrl).toBe(sandbox.url);
    await expect(
      updateSettings({ upiBaseUrl: "http://api.payments.example" }, "admin", { ...production, resolve }),
    ).rejects.toMatchObject({
      rule: "https_required",
      message: expect.stringContaining("must start with https://"),
    });
    await updateSettings({ upiBaseUrl: "https://api.payments.example" }, "admin", { ...production, resolve });
    expect((await getSettingsState()).settings.upiBaseUrl).toBe("https://api.payments.example");
  });

  it("allows them outside production, where the sandbox runs on 127.0.0.1", async () => {
    await updateSettings({ upiBaseUrl: "http://127.0.0.1:4999" }, "admin", { production: false });
    expect((await getSettingsState()).settings.upiBaseUrl).toBe("http://127.0.0.1:4999");
  });

  it("refuses an internal address when the connection opens, so a name re-pointed after saving gets nothing", async () => {
    const inside = await collector();
    overrideConfigForTests({ CONSOLE_ENV: "production" });
    try {
      await expect(issueAccessToken({ baseUrl: inside.url, timeoutMs: 2000 }, KEY)).rejects.toMatchObject({
        code: "network",
      });
    } finally {
      overrideConfigForTests({ CONSOLE_ENV: undefined });
    }
    expect(inside.seen).toHaveLength(0);
    await inside.close();
  });
});

describe("a changed base URL", () => {
  it("gets no credentials from ordinary calls until Test connection succeeds there", async () => {
    const elsewhere = await collector();
    await updateSettings({ upiBaseUrl: elsewhere.url }, admin.email);
    expect((await getSettingsState()).unverified.upiBaseUrl).toMatchObject({ by: admin.email });
    await expect(getUpi().then((upi) => upi.getTransaction("ch_any"))).rejects.toMatchObject({ code: "not_verified" });
    expect(elsewhere.seen).toHaveLength(0);
    // One admin pointing the URL at their own host and pressing Test connection gets no key there:
    // the stored key was discarded with the change and must be entered again.
    expect(await testConnection(actorFor(admin, client))).toMatchObject({
      ok: false,
      message: expect.stringContaining("No private key"),
    });
    expect(elsewhere.seen).toHaveLength(0);
    expect(await readSecret(SECRET_NAMES.privateKey)).toBeNull();

    // Back to the sandbox: still a change, still unverified, until the key is entered and tested.
    await updateSettings({ upiBaseUrl: sandbox.url }, admin.email);
    await expect(getUpi().then((upi) => upi.getTransaction("ch_any"))).rejects.toBeInstanceOf(UpiError);
    await setCredential("private-key", { value: KEY }, actorFor(admin, client));
    expect(await testConnection(actorFor(admin, client))).toMatchObject({ ok: true });
    expect((await getSettingsState()).unverified).toEqual({});
    await expect(getUpi().then((upi) => upi.getTransaction("ch_missing"))).rejects.toMatchObject({ code: "4103" });
    await elsewhere.close();
  });

  it("keeps the customs token from a new customs address until it is entered again", async () => {
    const elsewhere = await collector();
    await updateSettings({ customsBaseUrl: elsewhere.url }, admin.email);
    await expect(getCustoms()).rejects.toMatchObject({
      code: "not_configured",
      detail: expect.stringContaining("enter the customs token again"),
    });
    await setCredential("customs-token", { value: "ct_sandbox_default_customs_token" }, actorFor(admin, client));
    // The customs address was the collector: entered again, the token goes there (through the guarded fetch).
    await expect((await getCustoms()).paymentInquire("ch_missing")).rejects.toMatchObject({ code: "bad_response" });
    expect(elsewhere.seen).toHaveLength(1);
    await elsewhere.close();
  });
});

describe("Test connection answers", () => {
  async function answerFor(url: string) {
    await updateSettings({ upiBaseUrl: url, upiTimeoutMs: 1000 }, admin.email);
    await writeSecret(SECRET_NAMES.privateKey, KEY); // a new address needs the key entered again
    return (await testConnection(actorFor(admin, client))).message;
  }

  it("says the same thing, without the address, whether the port is closed, not HTTP or silent", async () => {
    const closed = await tcp(() => {});
    const closedUrl = closed.url;
    await closed.close();
    const garbage = await tcp((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n"));
    const silent = await tcp(() => {});
    const http = await collector();
    const answers = [
      await answerFor(closedUrl),
      await answerFor(garbage.url),
      await answerFor(silent.url),
      await answerFor(http.url),
    ];
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe("Could not reach the payment service at the configured address. Check the base URL.");
    for (const url of [closedUrl, garbage.url, silent.url, http.url])
      expect(answers.join(" ")).not.toContain(new URL(url).port);
    expect(answers.join(" ")).not.toContain("127.0.0.1");
    await Promise.all([garbage.close(), silent.close(), http.close()]);
  });

  it("tells a refused key apart, and an accepted one without the address", async () => {
    await updateSettings({ upiBaseUrl: `${sandbox.url}/` }, admin.email);
    await writeSecret(SECRET_NAMES.privateKey, "sk_wrong_key_123");
    expect((await testConnection(actorFor(admin, client))).message).toContain("The service refused the private key.");
    await writeSecret(SECRET_NAMES.privateKey, KEY);
    const ok = await testConnection(actorFor(admin, client));
    expect(ok.message).toContain("issued a server token valid for 24 hours");
    expect(ok.message).not.toContain(sandbox.url);
  });
});

describe("the merchant's customs registration (issue 48, item 5)", () => {
  it("is taken as Customs registers it, and refused otherwise with a sentence", () => {
    const parse = (v: Record<string, string | undefined>) => settingsSchema.partial().safeParse(v);
    for (const ok of [
      { merchantCustomsCode: "3301960001" },
      { merchantCustomsCode: "31209W0A1B" },
      { merchantCustomsCode: "" },
      { merchantCustomsName: "杭州某某跨境贸易有限公司" },
      { merchantCustomsName: "Demo Cross-border Trading Co. (HK) & Sons" },
    ])
      expect(parse(ok).success, JSON.stringify(ok)).toBe(true);
    for (const bad of [
      { merchantCustomsCode: "abc😀" },
      { merchantCustomsCode: "330196000" },
      { merchantCustomsCode: "3301960001 " },
      { merchantCustomsCode: "<script>x" },
      { merchantCustomsName: "<script>alert(1)</script>" },
      { merchantCustomsName: "Shop 😀" },
      { merchantCustomsName: " leading space" },
      { merchantCustomsName: "x".repeat(101) },
    ])
      expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe("which changes need a fresh second factor", () => {
  it.each([
    [{ upiTimeoutMs: 5000 }, false],
    // Issue 48, item 5: what every declaration carries to Customs in the merchant's name.
    [{ merchantCustomsName: "Another name" }, true],
    [{ merchantCustomsCode: "3301960002" }, true],
    [{ upiBaseUrl: "http://127.0.0.1:1" }, true],
    [{ customsBaseUrl: "http://127.0.0.1:1" }, true],
    [{ publicUrl: "https://console.example.com" }, true],
    [{ refundApprovalThresholds: { USD: 1 } }, true],
    [{ refundApprovalPercent: 10 }, true],
    [{ webhookRetentionDays: 7 }, true],
    [{ webhookRejectedRetentionDays: 1 }, true],
  ])("%j → %s", async (change, needed) => {
    expect(await settingsChangeNeedsStepUp(change)).toBe(needed);
  });

  it("does not count a value sent again unchanged (the form sends every field)", async () => {
    await updateSettings({ refundApprovalThresholds: { USD: 50_000, EUR: 40_000 } }, "test");
    const { settings } = await getSettingsState();
    expect(
      await settingsChangeNeedsStepUp({
        ...settings,
        refundApprovalThresholds: { EUR: 40_000, USD: 50_000 },
        upiTimeoutMs: settings.upiTimeoutMs + 1000,
      }),
    ).toBe(false);
  });
});
