import { describe, expect, it } from "vitest";
import { accepted, created, json, noStore } from "./responses";

// Every API answer is kept by no cache, whichever helper made it, with the status it names.
describe("API responses", () => {
  it("are JSON with their status, never stored, extra headers kept", async () => {
    const cases: [Response, number][] = [
      [json({ a: 1 }), 200],
      [json({ a: 1 }, 503), 503],
      [created({ a: 1 }), 201],
      [accepted({ a: 1 }), 202],
    ];
    for (const [res, status] of cases) {
      expect([res.status, res.headers.get("cache-control"), res.headers.get("content-type")]).toEqual([
        status,
        "no-store",
        "application/json",
      ]);
      expect(await res.json()).toEqual({ a: 1 });
    }
    const replayed = json({ a: 1 }, 200, { "Idempotency-Replayed": "true", "Cache-Control": "max-age=60" });
    expect([replayed.headers.get("idempotency-replayed"), replayed.headers.get("cache-control")]).toEqual([
      "true",
      "no-store",
    ]);
  });

  it("a body of any kind is never stored either", async () => {
    const res = noStore("# metrics\n", { status: 200, headers: { "Content-Type": "text/plain; version=0.0.4" } });
    expect([res.headers.get("cache-control"), res.headers.get("content-type"), await res.text()]).toEqual([
      "no-store",
      "text/plain; version=0.0.4",
      "# metrics\n",
    ]);
  });
});
