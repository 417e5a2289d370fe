import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { Conflict, Invalid, Invariant, Malformed, NotFound, OutcomeUnknown } from "@/lib/platform/errors";
import { route } from "./route";

describe("route() and domain errors (lib/platform/errors.ts)", () => {
  const answer = (error: Error) =>
    route({ permission: "public" }, async () => {
      throw error;
    })(new NextRequest("http://console.test/api/x"), { params: Promise.resolve({}) });

  it("answers each kind with its status and the error contract, naming the rule broken", async () => {
    const cases: [Error, number, unknown][] = [
      [new NotFound("No such charge."), 404, { code: "not_found", message: "No such charge." }],
      [
        new Conflict("More than is left to refund.", "refund_exceeds_remaining", { left: 500 }),
        409,
        {
          code: "conflict",
          message: "More than is left to refund.",
          details: { left: 500, rule: "refund_exceeds_remaining" },
        },
      ],
      [
        new Invalid("amount must be positive."),
        422,
        { code: "unprocessable_entity", message: "amount must be positive." },
      ],
      [
        new Malformed("The file is not valid CSV."),
        400,
        { code: "bad_request", message: "The file is not valid CSV." },
      ],
      [
        new OutcomeUnknown("Send the same request again.", undefined, { reference: "r-1" }),
        504,
        {
          code: "upstream_timeout",
          message: "Send the same request again.",
          details: { reference: "r-1", outcome: "unknown" },
        },
      ],
    ];
    for (const [error, status, body] of cases) {
      const res = await answer(error);
      expect([res.status, (await res.json()).error]).toEqual([status, body]);
    }
  });

  it("answers an invariant broken as the bug it is, without echoing it", async () => {
    const res = await answer(new Invariant("ledger row vanished under its lock"));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("ledger row");
  });
});
