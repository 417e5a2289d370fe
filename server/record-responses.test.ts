import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recorderFromConfig } from "./record-responses";

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
});
