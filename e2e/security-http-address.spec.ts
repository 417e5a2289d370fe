import { expect, test } from "@playwright/test";
import { createUser, PASSWORD, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { apiSignIn, forgetOurAddress, REAL_ADDRESSES, throttleRows } from "./support/client-address";
import { SIGN_IN_ERRORS } from "../lib/platform/auth/sign-in-errors";

// Issue 17 over real HTTP, against the production server (dist/server.mjs, server/main.ts):
// a client address no header can forge.

const run = Date.now().toString(36);

test.describe("the client address is the server's to decide", () => {
  test.afterAll(forgetOurAddress);

  test("forged X-Forwarded-For and x-console-client-ip: the audit row has the real address", async ({
    playwright,
    baseURL,
  }) => {
    await forgetOurAddress();
    const victim = await createUser("finance", "xff");
    const forged = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: {
        "X-Forwarded-For": "203.0.113.66",
        "X-Console-Client-Ip": "203.0.113.77",
        "X-Real-Ip": "203.0.113.88",
      },
    });
    expect(await apiSignIn(forged, baseURL!, victim.email, "not-the-password")).not.toBeNull();
    const rows = await sql<{ ip: string | null }>(
      "SELECT ip FROM audit_log WHERE action = 'auth.sign_in' AND actor_email = $1",
      [victim.email],
    );
    expect(rows).toHaveLength(1);
    expect(REAL_ADDRESSES).toContain(rows[0]!.ip);
    expect((await throttleRows()).filter((r) => r.key.startsWith("ip:203.0.113."))).toEqual([]);
    await forged.dispose();
  });

  test("sign-in failures with a new forged address each still lock the real one, and never a victim's", async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await forgetOurAddress();
    // 30 failures per address lock it (lib/platform/auth/throttle.ts), whatever each claims to come from.
    for (let i = 0; i < 30; i++) {
      const forged = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${i + 1}`, "X-Console-Client-Ip": `198.51.100.${i + 1}` },
      });
      expect(await apiSignIn(forged, baseURL!, `nobody-${run}-${i}@example.com`, "wrong-password")).not.toBeNull();
      await forged.dispose();
    }
    const counted = await throttleRows();
    expect(counted.filter((r) => r.key.startsWith("ip:198.51.100."))).toEqual([]);
    expect(counted.filter((r) => REAL_ADDRESSES.includes(r.key.slice(3))).reduce((n, r) => n + r.failures, 0)).toBe(30);
    // Locked: even a right password from this address, under yet another forged header, is refused.
    const another = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.200" },
    });
    expect(await apiSignIn(another, baseURL!, ROLE_USERS.finance.email, PASSWORD)).toBe(SIGN_IN_ERRORS.throttled);
    await another.dispose();
    await forgetOurAddress();
  });

  test.describe("the Origin check believes no forwarded host from a client", () => {
    test.use({ storageState: storageStateFor("finance") });

    test("a foreign Origin with a matching forged X-Forwarded-Host is refused", async ({ request }) => {
      const res = await request.post("/api/me/step-up", {
        headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
        data: { code: "123456" },
      });
      expect(res.status()).toBe(403);
      expect((await res.json()).error.message).toContain("Origin check failed");
    });
  });
});
