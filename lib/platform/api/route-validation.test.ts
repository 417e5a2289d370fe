import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import { route } from "./route";

// A body that fails validation is answered with EVERY problem, each at its field, and a
// summary without field paths: a form shows them all at once, at their inputs.

const schema = z.strictObject({
  upiBaseUrl: z.url("Enter a full https:// address"),
  timeoutMs: z.number().int().positive("The time-out must be more than zero"),
  card: z.strictObject({ pan: z.string().regex(/^\d{12,19}$/, "The card number has 12 to 19 digits") }),
});

const post = (body: unknown) =>
  route({ permission: "public", body: schema }, async () => ({ ok: true }))(
    new NextRequest("http://console.test/api/x", { method: "POST", body: JSON.stringify(body) }),
    { params: Promise.resolve({}) },
  );

describe("route() validation", () => {
  it("answers 422 with every problem at its field, not only the first", async () => {
    const res = await post({ upiBaseUrl: "not a url", timeoutMs: -5, card: { pan: "12ab" } });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe("unprocessable_entity");
    expect(error.details.fields).toEqual([
      { path: ["upiBaseUrl"], message: "Enter a full https:// address" },
      { path: ["timeoutMs"], message: "The time-out must be more than zero" },
      { path: ["card", "pan"], message: "The card number has 12 to 19 digits" },
    ]);
    for (const text of ["Enter a full https:// address", "The time-out must be more than zero", "12 to 19 digits"])
      expect(error.message).toContain(text);
  });

  it("never prefixes the summary with a field path", async () => {
    const res = await post({ upiBaseUrl: "x", timeoutMs: 1, card: { pan: "1" } });
    const { error } = await res.json();
    expect(error.message).not.toMatch(/upiBaseUrl:|card\.pan:|timeoutMs:/);
    expect(error.details.fields.map((f: { path: string[] }) => f.path.join("."))).toEqual(["upiBaseUrl", "card.pan"]);
  });

  it("lets a valid body through", async () => {
    const res = await post({ upiBaseUrl: "https://upi.test", timeoutMs: 1000, card: { pan: "4111111111111111" } });
    expect(res.status).toBe(200);
  });
});
