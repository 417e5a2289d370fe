import { describe, expect, it } from "vitest";
import { attachment, attachmentHeader } from "./attachment";

describe("attachment downloads", () => {
  it("are never rendered: attachment, nosniff, a policy that runs nothing, never cached", async () => {
    const res = attachment(new Uint8Array([1, 2, 3]), "pod.pdf", "application/pdf");
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": "3",
      "content-disposition": `attachment; filename="pod.pdf"; filename*=UTF-8''pod.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "no-store",
    });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("name the file in ASCII for old clients and in UTF-8 for the rest, quotes and backslashes defused", () => {
    expect(attachmentHeader('reçu "final"\\.pdf')).toBe(
      `attachment; filename="re_u _final__.pdf"; filename*=UTF-8''re%C3%A7u%20%22final%22%5C.pdf`,
    );
  });
});
