import { describe, expect, it } from "vitest";
import { signMd5, signSha256 } from "@/sandbox/webhooks";
import { dedupKey, MalformedNotification, receivedValues, verifySignature } from "./verify";

const secret = "whsec_test";
const values = { id: "1234567890123456789012", transaction_type: "charge", reference: "order-1", amount: 1000, currency: "USD", status: "captured", amount_captured: "1000", amount_refunded: "" };
const fields = Object.keys(values);
const signed = (s = secret) => ({ ...values, fields: fields.join(","), sign: signSha256({ ...values, fields: fields.join(",") }, fields, s) });
const json = (o: object) => receivedValues("application/json", JSON.stringify(o));

describe("webhook signatures", () => {
  it("accepts a good signature, from JSON (amount a number) and from a form", () => {
    expect(verifySignature(json(signed()), { secret })).toBe("verified");
    const form = new URLSearchParams(Object.entries(signed()).map(([k, v]) => [k, String(v)])).toString();
    expect(verifySignature(receivedValues("application/x-www-form-urlencoded", form), { secret })).toBe("verified");
  });

  it("rejects a bad signature, one changed byte, and a missing one", () => {
    expect(verifySignature(json({ ...signed(), sign: "0".repeat(64) }), { secret })).toBe("rejected");
    const tampered = JSON.stringify(signed()).replace('"amount":1000', '"amount":1001');
    expect(verifySignature(receivedValues("application/json", tampered), { secret })).toBe("rejected");
    const { sign: _sign, ...unsigned } = signed();
    expect(verifySignature(json(unsigned), { secret })).toBe("rejected");
    expect(verifySignature(json(signed("another-secret")), { secret })).toBe("rejected");
  });

  it("signs the raw received number, not a re-serialised one", () => {
    const body = JSON.stringify(signed()).replace('"amount":1000', '"amount":1000.0');
    // 1000.0 was not what was signed (the sender signed "1000").
    expect(verifySignature(receivedValues("application/json", body), { secret })).toBe("rejected");
  });

  it("accepts the previous secret during a rotation, and says when nothing can be checked", () => {
    expect(verifySignature(json(signed("old")), { secret, previousSecret: "old" })).toBe("verified_previous");
    expect(verifySignature(json(signed()), {})).toBe("unverifiable");
  });

  it("verifies the older MD5 scheme of pay-by-link notifications with the API token", () => {
    const legacy = { id: "9", transaction_type: "charge", reference: "link-1", amount: 500, currency: "USD", status: "success", amount_CNY: "35.50" };
    const f = Object.keys(legacy);
    const body = { ...legacy, fields: f.join(","), sign: signMd5({ ...legacy, fields: f.join(",") }, f, "ct_token") };
    expect(verifySignature(json(body), { secret, apiToken: "ct_token" })).toBe("verified_legacy");
    expect(verifySignature(json({ ...body, amount_CNY: "35.51" }), { secret, apiToken: "ct_token" })).toBe("rejected");
  });

  it("refuses malformed bodies and recognises replays", () => {
    expect(() => receivedValues("application/json", "{nope")).toThrow(MalformedNotification);
    expect(() => receivedValues("application/json", "[1]")).toThrow(MalformedNotification);
    expect(() => json({ transaction_type: "charge", status: "x" })).toThrow(/no id/);
    const a = json(signed());
    const b = receivedValues("application/json", JSON.stringify(Object.fromEntries(Object.entries(signed()).reverse())));
    expect(dedupKey(a)).toBe(dedupKey(b));
    expect(dedupKey(a)).not.toBe(dedupKey(json({ ...signed(), status: "success" })));
  });
});
