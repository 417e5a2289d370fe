import { describe, expect, it } from "vitest";
import { createPaymentLinkSchema } from "./schemas";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { translateMessage } from "@/lib/platform/keyed";
import { askedOf, LINK_ENDPOINTS, linkRequest, readAsked } from "./request";

// Each kind's body as the customs spec names its parameters: /payment/pay and pay_qr take vendor
// and callback_url, chop takes payment_method and its success, fail and mobile URLs; all take
// allow_duplicates and amount_CNY (not for upop).

const parse = (o: Record<string, unknown>) =>
  createPaymentLinkSchema.safeParse({ vendor: "alipay", amount: 10_000, currency: "USD", ...o });
const input = (o: Record<string, unknown>) => {
  const r = parse(o);
  if (!r.success) throw new Error(r.error.issues[0]?.message);
  return r.data;
};

describe("payment link requests", () => {
  it("sends /payment/pay with vendor, callback_url and allow_duplicates", () => {
    const r = linkRequest(
      input({ kind: "pay", vendor: "wechatpay", callbackUrl: "https://shop.example/back", allowDuplicates: true }),
      "order-1",
      "https://console.example/api/webhooks/upi",
    );
    expect(LINK_ENDPOINTS[r.kind]).toBe("/payment/pay");
    expect(r.params).toEqual({
      vendor: "wechatpay",
      amount: 10_000,
      currency: "USD",
      reference: "order-1",
      ipn_url: "https://console.example/api/webhooks/upi",
      amount_CNY: "yes",
      callback_url: "https://shop.example/back",
      allow_duplicates: "yes",
    });
  });

  it("sends chop with payment_method and its three return URLs, no amount_CNY for upop", () => {
    const r = linkRequest(
      input({
        kind: "hosted",
        vendor: "upop",
        currency: "CNY",
        callbackUrlSuccess: "https://shop.example/ok",
        callbackUrlFail: "https://shop.example/ko",
        mobileResultUrl: "https://m.shop.example/result",
      }),
      "order-2",
    );
    expect(LINK_ENDPOINTS[r.kind]).toBe("/chop/chop");
    expect(r.params).toEqual({
      payment_method: "upop",
      amount: 10_000,
      currency: "CNY",
      reference: "order-2",
      callback_url_success: "https://shop.example/ok",
      callback_url_fail: "https://shop.example/ko",
      mobile_result_url: "https://m.shop.example/result",
    });
  });

  it("leaves out what was not asked: no allow_duplicates when unchecked, no empty URL", () => {
    const r = linkRequest(input({ kind: "qr", allowDuplicates: false }), "order-3");
    expect(LINK_ENDPOINTS[r.kind]).toBe("/payment/pay_qr");
    expect(Object.keys(r.params).sort()).toEqual(["amount", "amount_CNY", "currency", "reference", "vendor"]);
  });

  it("refuses a return URL the kind does not take, at its field, and a URL that is not http(s)", () => {
    const issue = (o: Record<string, unknown>) => {
      const r = parse(o);
      const first = r.success ? null : r.error.issues[0]!;
      // In English, as a person reads it (the message is a catalog key).
      return first && { path: first.path.join("."), message: translateMessage(catalogTranslator("en"), first.message) };
    };
    expect(issue({ kind: "hosted", callbackUrl: "https://shop.example" })).toEqual({
      path: "callbackUrl",
      message: "A hosted page returns to its success, fail and mobile URLs, not to callback_url",
    });
    expect(issue({ kind: "pay", mobileResultUrl: "https://shop.example" })?.path).toBe("mobileResultUrl");
    expect(issue({ kind: "qr", callbackUrlFail: "https://shop.example" })?.path).toBe("callbackUrlFail");
    expect(issue({ kind: "pay", callbackUrl: "javascript:alert(1)" })).toEqual({
      path: "callbackUrl",
      message: "Enter an http(s) URL",
    });
    expect(issue({ kind: "chop" })?.path).toBe("kind");
  });

  it("keeps what was asked by the spec's names, and reads back only those", () => {
    const asked = askedOf(input({ kind: "hosted", callbackUrlFail: "https://shop.example/ko", allowDuplicates: true }));
    expect(asked).toEqual({ callback_url_fail: "https://shop.example/ko", allow_duplicates: "yes" });
    expect(readAsked({ ...asked, ipn_url: "x", callback_url: 3 })).toEqual(asked);
    expect([readAsked(null), readAsked([1])]).toEqual([{}, {}]);
  });
});
