import { describe, expect, it } from "vitest";
import { signMd5, signSha256 } from "@/sandbox/webhooks";
import {
  dedupKey,
  MalformedNotification,
  receivedValues,
  signedValues,
  unsignedEssentials,
  verifySignature,
} from "./verify";

const secret = "whsec_test";
const values = {
  id: "1234567890123456789012",
  transaction_type: "charge",
  reference: "order-1",
  amount: 1000,
  currency: "USD",
  status: "captured",
  amount_captured: "1000",
  amount_refunded: "",
};
const fields = Object.keys(values);
const signed = (s = secret) => ({
  ...values,
  fields: fields.join(","),
  sign: signSha256({ ...values, fields: fields.join(",") }, fields, s),
});
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
    const legacy = {
      id: "9",
      transaction_type: "charge",
      reference: "link-1",
      amount: 500,
      currency: "USD",
      status: "success",
      amount_CNY: "35.50",
    };
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
    const b = receivedValues(
      "application/json",
      JSON.stringify(Object.fromEntries(Object.entries(signed()).reverse())),
    );
    expect(dedupKey(a, "verified")).toBe(dedupKey(b, "verified"));
    expect(dedupKey(a, "verified")).not.toBe(dedupKey(json({ ...signed(), status: "success" }), "verified"));
  });

  it("rejects a 32-hex sign when the webhook secret is set, unless the stored API token verifies it", () => {
    const forged = json({ ...signed(), status: "cancelled", sign: "0123456789abcdef0123456789abcdef" });
    expect(verifySignature(forged, { secret })).toBe("rejected");
    expect(verifySignature(forged, { previousSecret: "old" })).toBe("rejected");
    expect(verifySignature(forged, { secret, apiToken: "ct_token" })).toBe("rejected");
    // With no key at all it can only be confirmed by inquiry; with the token alone, the token decides.
    expect(verifySignature(forged, {})).toBe("unverifiable");
    expect(verifySignature(forged, { apiToken: "ct_token" })).toBe("rejected");
  });

  it("keeps only the keys `fields` lists and says which essentials were left unsigned", () => {
    const withExtra = json({ ...signed(), time_completed: "2026-11-23T10:00:00.000Z", parent_id: "someone-else" });
    expect(verifySignature(withExtra, { secret })).toBe("verified");
    const kept = signedValues(withExtra);
    expect(kept.amount_refunded).toBe("");
    expect(kept.time_completed).toBeUndefined();
    expect(kept.parent_id).toBeUndefined();
    expect(kept.sign).toBeUndefined();
    // `values` signs no time, and the parent it names is not signed either.
    expect(unsignedEssentials(withExtra)).toEqual(["parent_id", "time_completed"]);
    const full = { ...values, time_completed: "2026-11-23T10:00:00.000Z" };
    const f = Object.keys(full);
    const body = json({ ...full, fields: f.join(","), sign: signSha256({ ...full, fields: f.join(",") }, f, secret) });
    expect(unsignedEssentials(body)).toEqual([]);
    const short = ["id", "transaction_type", "status", "time_completed"];
    const partial = json({
      ...full,
      fields: short.join(","),
      sign: signSha256({ ...full, fields: short.join(",") }, short, secret),
    });
    expect(verifySignature(partial, { secret })).toBe("verified");
    expect(unsignedEssentials(partial)).toEqual(["reference", "amount"]);
  });

  it("builds the dedup key from signed content: an added unsigned key is still a replay, a forged copy never is", () => {
    const genuine = json(signed());
    const padded = json({ ...signed(), nonce: "1" });
    expect(dedupKey(padded, "verified")).toBe(dedupKey(genuine, "verified"));
    // A forgery of the same values stored first must not make the genuine one look like its replay.
    const forged = json({ ...signed(), sign: "f".repeat(64) });
    expect(dedupKey(forged, "rejected")).not.toBe(dedupKey(genuine, "verified"));
  });
});
