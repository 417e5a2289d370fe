import { describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import { route } from "./route";

// What route() reads from a request: its query string and its body.

// Bodies are counted while read: an oversized one is refused with 413 in the error contract,
// before the handler (or JSON.parse) ever sees it.
const MB = 1024 * 1024;

function streamOf(bytes: number, chunk = 64 * 1024) {
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent >= bytes) return controller.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
  return { stream, sent: () => sent, pulls: () => pulls };
}

const call = (handler: () => Promise<unknown>, init: ConstructorParameters<typeof NextRequest>[1]) =>
  route({ permission: "public", body: z.object({}).passthrough() }, handler)(
    new NextRequest("http://console.test/api/x", { method: "POST", ...init }),
    { params: Promise.resolve({}) },
  );

describe("route() text the database cannot store (issue 48)", () => {
  const refused = async (res: Response, path: unknown[]) => {
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: {
        code: "unprocessable_entity",
        details: { fields: [{ path, message: expect.stringContaining("cannot be stored") }] },
      },
    });
  };

  it("refuses a NUL in a query value or name with 422 at its field, before the handler (it was dropped, then a 500 elsewhere)", async () => {
    const seen = vi.fn();
    const handler = route(
      { permission: "public", query: z.object({ q: z.string().optional(), status: z.string().optional() }) },
      async ({ query }) => seen(query),
    );
    const at = (qs: string) =>
      handler(new NextRequest(`http://console.test/api/x?${qs}`), { params: Promise.resolve({}) });
    await refused(await at("q=a%00b&status=ok"), ["q"]);
    await refused(await at("status=ok&status=a%00"), ["status"]);
    await refused(await at("x%00=1"), ["x\u0000"]);
    expect(seen).not.toHaveBeenCalled();
  });

  it("refuses a NUL in a path segment, and a NUL or a lone surrogate anywhere in a JSON body", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const r = route({ permission: "public", body: z.object({}).passthrough() }, handler);
    const post = (text: string, params: Record<string, string> = {}) =>
      r(new NextRequest("http://console.test/api/x", { method: "POST", body: text }), {
        params: Promise.resolve(params),
      });
    await refused(await post("{}", { id: "a\u0000" }), ["id"]);
    await refused(await post('{"note":"a\\u0000b"}'), ["note"]);
    await refused(await post('{"lines":[{"name":"ok"},{"name":"\\ud800"}]}'), ["lines", 1, "name"]);
    await refused(await post('{"\\udc00":"key"}'), ["\udc00"]);
    expect(handler).not.toHaveBeenCalled();
    expect((await post('{"note":"😀 订单"}')).status).toBe(200);
  });
});

describe("route() request bodies", () => {
  it("refuses a streamed JSON body over 1 MB with 413, reading no further than the limit", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const body = streamOf(2 * MB);
    const res = await call(handler, { body: body.stream, duplex: "half" } as never);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "payload_too_large", message: expect.stringMatching(/1 MB/), details: { limit: MB } },
    });
    expect(handler).not.toHaveBeenCalled();
    expect(body.sent()).toBeLessThan(1.2 * MB);
  });

  it("refuses a declared Content-Length over 1 MB before reading", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const body = streamOf(2 * MB);
    const res = await call(handler, {
      body: body.stream,
      duplex: "half",
      headers: { "content-length": String(2 * MB) },
    } as never);
    expect(res.status).toBe(413);
    expect(handler).not.toHaveBeenCalled();
  });

  it("still takes a body under the limit, and answers 400 for invalid JSON", async () => {
    const ok = await call(async () => ({ ok: true }), { body: JSON.stringify({ note: "x".repeat(900 * 1024) }) });
    expect(ok.status).toBe(200);
    const bad = await call(async () => ({ ok: true }), { body: "{nope" });
    expect(bad.status).toBe(400);
  });
});
