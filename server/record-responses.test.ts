import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { recorderFromConfig, responseRecorder } from "./record-responses";

describe("CONSOLE_RESPONSE_LOG", () => {
  it("is refused under CONSOLE_ENV=production, with a message that says what to do", () => {
    expect(() => recorderFromConfig({ production: true, responseLog: "/tmp/responses.log" })).toThrow(
      /refused with CONSOLE_ENV=production: unset it/,
    );
  });

  it("records in test runs and is off when unset", () => {
    // The log opens asynchronously: its temporary directory stays for the OS to clean.
    const dir = mkdtempSync(join(tmpdir(), "responses-"));
    expect(recorderFromConfig({ production: false, responseLog: join(dir, "r.log") })).toBeTypeOf("function");
    expect(recorderFromConfig({ production: true, responseLog: undefined })).toBeNull();
  });

  it("writes each answer whole, with its status, though two stream at once", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "responses-")), "r.log");
    const record = responseRecorder(file);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = http.createServer(async (req, res) => {
      record(req, res);
      if (req.url === "/slow") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"part":');
        await held;
        res.end('"two"}');
      } else {
        res.statusCode = 404;
        res.end('{"error":{}}');
        release();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fetch(`${base}/fast`).then((r) => r.text());
    await slow;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // The log's stream opens and writes asynchronously: wait for the second answer, not a fixed time.
    await vi.waitFor(
      () =>
        expect(readFileSync(file, "utf8")).toBe('\n### GET /fast 404\n{"error":{}}\n### GET /slow 200\n{"part":"two"}'),
      { timeout: 5000, interval: 20 },
    );
  });
});
