import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";
import { sandboxCharge } from "./support/sandbox";
import { signed } from "./support/webhooks";
import { type Instance, run, startInstances } from "./support/instances";
import { freePort } from "../scripts/lib/net";

// Issue 18: two instances behind nginx configured as docs/nginx.conf.

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

test.describe("behind nginx, as docs/nginx.conf sets it up", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.describe.configure({ timeout: 150_000 });
  // .ci/run installs Debian's nginx; elsewhere: apt-get install nginx.
  test.skip(!NGINX, "nginx is not installed (apt-get install nginx)");

  test("both instances serve, the webhook goes through, and a forged X-Forwarded-For is not what gets recorded", async ({
    request,
  }) => {
    // The public address is known before the instances start (their NEXTAUTH_URL); nginx takes it last.
    const proxyPort = await freePort();
    const publicUrl = `http://localhost:${proxyPort}`;
    const env = { NEXTAUTH_URL: publicUrl, TRUSTED_PROXIES: "127.0.0.1/32" };
    const [d, e] = (await startInstances(2, env)) as [Instance, Instance];
    const dir = mkdtempSync(join(tmpdir(), "console-nginx-"));
    const site = readFileSync("docs/nginx.conf", "utf8")
      .replace("127.0.0.1:3000", `127.0.0.1:${d.port}`)
      .replace("127.0.0.1:3001", `127.0.0.1:${e.port}`)
      .replace("listen 8080;", `listen 127.0.0.1:${proxyPort};`);
    writeFileSync(join(dir, "site.conf"), site);
    writeFileSync(
      join(dir, "nginx.conf"),
      `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
       http { log_format up "$upstream_addr"; access_log ${dir}/access.log up;
              client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/f; uwsgi_temp_path ${dir}/u; scgi_temp_path ${dir}/s;
              include ${dir}/site.conf; }`,
    );
    execFileSync(NGINX!, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "pipe" });
    const nginx = spawn(NGINX!, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: "ignore" });
    try {
      for (
        let i = 0;
        i < 40 &&
        !(await fetch(`${publicUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 250));
      for (let i = 0; i < 10; i++) expect((await request.get(`${publicUrl}/api/health`)).status()).toBe(200);
      const served = new Set(readFileSync(join(dir, "access.log"), "utf8").trim().split("\n"));
      expect([...served].sort()).toEqual([`127.0.0.1:${d.port}`, `127.0.0.1:${e.port}`].sort());

      // A signed-in page and a refused admin call through the proxy; the refusal is audited
      // with the address nginx saw, not the one the client claimed.
      expect((await request.get(`${publicUrl}/api/transactions`)).status()).toBe(200);
      const refused = await request.get(`${publicUrl}/api/users`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(refused.status()).toBe(403);
      const [row] = await sql<{ ip: string | null }>(
        "SELECT ip FROM audit_log WHERE actor_email = $1 AND result = 'denied' ORDER BY id DESC LIMIT 1",
        [ROLE_USERS.finance.email],
      );
      expect(row?.ip).toBe("127.0.0.1");

      const c = await sandboxCharge({
        reference: `e2e-nginx-${run}`,
        amount: 1500,
        currency: "USD",
        autoCapture: true,
      });
      const note = signed({
        id: c.id,
        transaction_type: "charge",
        reference: c.reference,
        amount: 1500,
        currency: "USD",
        status: "succeeded",
        time_completed: new Date().toISOString(),
        amount_captured: "1500",
        amount_refunded: "",
      });
      expect((await request.post(`${publicUrl}/api/webhooks/upi`, { data: note })).status()).toBe(200);
      await expect(async () => {
        const [stored] = await sql<{ apply_state: string }>(
          "SELECT apply_state FROM webhook_notifications WHERE transaction_id = $1",
          [c.id],
        );
        expect(stored?.apply_state).toBe("applied");
      }).toPass({ timeout: 10_000 });
    } finally {
      nginx.kill("SIGTERM");
      for (const i of [d, e]) i.child.kill("SIGTERM");
      await Promise.all([d.exited, e.exited]);
    }
  });
});
