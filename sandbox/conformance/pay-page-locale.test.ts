import { describe, expect, it } from "vitest";
import { api, chargeBody, useSandbox } from "./harness";

// Spec: Charge request body, transaction.locale (a locale tag). The consumer's redirect and QR
// pages speak the language the charge asked for: zh-CN in Simplified Chinese, else English.
describe("the consumer payment page follows transaction.locale", () => {
  const box = useSandbox();
  const charge = async (locale?: string) => {
    const body = chargeBody({ method: "wechatpay", amount: 12_345, currency: "CNY" });
    const res = await api(box.sandbox, "POST", "/v1/charges", {
      auth: box.token,
      json: { ...body, transaction: { ...body.transaction, ...(locale ? { locale } : {}) } },
    });
    expect(res.status).toBe(200);
    return res.body.data as { id: string; reference: string; payment: { client: { content: string }[] } };
  };
  const page = async (path: string) => (await api(box.sandbox, "GET", path)).body as string;
  const visibleText = (html: string) =>
    html
      .replace(/<style>[\s\S]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();

  it("zh-CN: the redirect page, its QR page and the finished page are in Chinese", async () => {
    const c = await charge("zh-CN");
    const html = await page(`/__sandbox/pay/${c.id}`);
    expect(html).toContain('<html lang="zh-CN">');
    const text = visibleText(html);
    expect(text).toContain("沙箱 · 微信支付 · 不会产生真实扣款");
    expect(text).toContain(`商户订单号 ${c.reference}`);
    expect(text).toContain("支付 123.45 CNY");
    expect(text).toContain("取消支付");
    // No English words left but the data: the reference and the currency code.
    const words = text.replace(c.reference, "").match(/[A-Za-z]{2,}/g) ?? [];
    expect(words.filter((w) => w !== "CNY")).toEqual([]);

    const qr = visibleText(await page(`/__sandbox/pay/${c.id}?qr=1`));
    expect(qr).toContain("请使用微信支付扫码");

    const done = await api(box.sandbox, "POST", `/__sandbox/payments/${c.id}/complete`, { form: {} });
    expect(visibleText(done.body)).toContain("支付成功，您可以关闭此页面。");
    expect(visibleText(await page(`/__sandbox/pay/${c.id}`))).toContain("此笔支付已授权。");
  });

  it("any Chinese tag (zh, zh-Hans-CN) is Chinese; an abandoned payment says it was canceled", async () => {
    for (const tag of ["zh", "zh-Hans-CN", "zh_CN"]) {
      const c = await charge(tag);
      expect(await page(`/__sandbox/pay/${c.id}`)).toContain("取消支付");
    }
    const c = await charge("zh-CN");
    const done = await api(box.sandbox, "POST", `/__sandbox/payments/${c.id}/abandon`, { form: {} });
    expect(visibleText(done.body)).toContain("支付已取消，您可以关闭此页面。");
  });

  it("en, another language or no locale: English, as before", async () => {
    for (const locale of ["en", "en-GB", "ko-KR", undefined]) {
      const c = await charge(locale);
      const html = await page(`/__sandbox/pay/${c.id}`);
      expect(html).toContain('<html lang="en">');
      expect(visibleText(html)).toContain("Sandbox · wechatpay · no real money moves");
      expect(visibleText(html)).toContain("Pay 123.45 CNY");
      expect(visibleText(html)).toContain("Cancel payment");
      expect(html).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("a locale that is not a string is refused like any malformed field", async () => {
    const body = chargeBody({ method: "wechatpay" });
    const res = await api(box.sandbox, "POST", "/v1/charges", {
      auth: box.token,
      json: { ...body, transaction: { ...body.transaction, locale: 7 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.code).toBe("4000");
  });
});
