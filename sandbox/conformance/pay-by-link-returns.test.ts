import { describe, expect, it } from "vitest";
import { api, CUSTOMS_TOKEN, ref, useSandbox } from "./harness";

// Customs spec, "Payment endpoint parameters seen": pay and pay_qr take callback_url, chop takes
// callback_url_success, callback_url_fail and mobile_result_url. The finished page links back
// to the one that fits what happened (README, decisions), and the requests heard keep them.

describe("pay-by-link return URLs", () => {
  const box = useSandbox();
  const customs = (path: string, form: Record<string, string>) =>
    api(box.sandbox, "POST", path, { auth: CUSTOMS_TOKEN, form });
  /** The consumer presses a button on the payment page (a form post), on a phone or not. */
  const finish = (url: string, outcome: "complete" | "abandon", mobile = false) =>
    api(box.sandbox, "POST", `${new URL(url).pathname.replace("/pay/", "/payments/")}/${outcome}`, {
      form: {},
      headers: mobile ? { "User-Agent": "Mozilla/5.0 (iPhone) Mobile Safari" } : {},
    });
  const backLink = (html: string) => /<a href="([^"]+)" data-return>/.exec(html)?.[1]?.replaceAll("&#38;", "&") ?? null;

  it("/payment/pay returns to callback_url, paid or not; without one the page has no way back", async () => {
    const paid = await customs("/payment/pay", {
      vendor: "alipay",
      amount: "1000",
      currency: "USD",
      reference: ref("pay"),
      callback_url: "https://shop.example/back?order=1&x=2",
    });
    expect(paid.body).toMatchObject({ result: "success", id: expect.any(String) });
    expect(backLink((await finish(paid.body.url, "complete")).body)).toBe("https://shop.example/back?order=1&x=2");
    const left = await customs("/payment/pay_qr", {
      vendor: "alipay",
      amount: "1000",
      currency: "USD",
      reference: ref("qr"),
      callback_url: "https://shop.example/back",
    });
    expect(backLink((await finish(left.body.url, "abandon")).body)).toBe("https://shop.example/back");
    const none = await customs("/payment/pay", {
      vendor: "alipay",
      amount: "1000",
      currency: "USD",
      reference: ref("p"),
    });
    expect(backLink((await finish(none.body.url, "complete")).body)).toBeNull();
  });

  it("chop returns to its success or fail URL, and to mobile_result_url on a phone", async () => {
    const chop = (reference: string) =>
      customs("/chop/chop", {
        payment_method: "wechatpay",
        amount: "1000",
        currency: "CNY",
        reference,
        callback_url_success: "https://shop.example/ok",
        callback_url_fail: "https://shop.example/ko",
        mobile_result_url: "https://m.shop.example/result",
      });
    const urls = await Promise.all([chop(ref("c1")), chop(ref("c2")), chop(ref("c3"))]);
    expect(backLink((await finish(urls[0]!.body.url, "complete")).body)).toBe("https://shop.example/ok");
    expect(backLink((await finish(urls[1]!.body.url, "abandon")).body)).toBe("https://shop.example/ko");
    expect(backLink((await finish(urls[2]!.body.url, "complete", true)).body)).toBe("https://m.shop.example/result");
  });

  it("refuses a return URL that is not http(s) (B3), and keeps the sent parameters among the requests heard", async () => {
    const reference = ref("bad");
    const bad = await customs("/chop/chop", {
      payment_method: "alipay",
      amount: "1000",
      currency: "USD",
      reference,
      callback_url_fail: "javascript:alert(1)",
    });
    expect(bad.body).toMatchObject({ result: "fail", code: "B3" });
    const heard = (await api(box.sandbox, "GET", "/__sandbox/requests?path=/chop/chop")).body as {
      body: Record<string, string>;
    }[];
    expect(heard.at(-1)?.body).toMatchObject({ reference, callback_url_fail: "javascript:alert(1)" });
  });
});
