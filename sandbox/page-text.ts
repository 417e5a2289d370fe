// The consumer payment page's words in the languages a charge's transaction.locale can ask for
// (issue 21). The sandbox is its own program: this small dictionary, not the console's catalogs.

export type PageLocale = "en" | "zh-CN";

/** The page's language for a charge's locale tag: any Chinese tag is Simplified Chinese, anything else English. */
export function pageLocale(tag: string | null | undefined): PageLocale {
  return tag && /^zh\b/i.test(tag.trim().replace("_", "-")) ? "zh-CN" : "en";
}

type Words = {
  /** The payment method as the consumer knows it. */
  method: (method: string | null) => string;
  title: (method: string) => string;
  banner: (method: string) => string;
  reference: (reference: string) => string;
  scan: (method: string, path: string) => string;
  pay: (amount: string) => string;
  cancel: string;
  done: (outcome: string) => string;
  status: (status: string) => string;
  /** The link back to the merchant's return URL on the finished page. */
  back: string;
};

const ZH_METHODS: Record<string, string> = {
  alipay: "支付宝",
  wechatpay: "微信支付",
  upop: "银联",
  unionpay: "银联",
  kakaopay: "KakaoPay",
  payco: "PAYCO",
  card: "银行卡",
  klarna: "Klarna",
};
const ZH_STATUSES: Record<string, string> = {
  initiated: "待支付",
  authorized: "已授权",
  pending: "处理中",
  succeeded: "已成功",
  canceled: "已取消",
};

export const PAGE_TEXT: Record<PageLocale, Words> = {
  en: {
    method: (m) => m ?? "payment",
    title: (m) => `Sandbox ${m}`,
    banner: (m) => `Sandbox · ${m} · no real money moves`,
    reference: (r) => `Reference ${r}`,
    scan: (m, path) => `Scan with your ${m} app: the code opens this payment (${path}).`,
    pay: (amount) => `Pay ${amount}`,
    cancel: "Cancel payment",
    done: (outcome) => `Payment ${outcome}. You can close this page.`,
    status: (s) => `This payment is ${s}.`,
    back: "Return to the shop",
  },
  "zh-CN": {
    method: (m) => (m ? (ZH_METHODS[m] ?? m) : "支付"),
    title: (m) => `沙箱 ${m}`,
    banner: (m) => `沙箱 · ${m} · 不会产生真实扣款`,
    reference: (r) => `商户订单号 ${r}`,
    scan: (m, path) => `请使用${m}扫码：二维码将打开此笔支付（${path}）。`,
    pay: (amount) => `支付 ${amount}`,
    cancel: "取消支付",
    done: (outcome) => (outcome === "completed" ? "支付成功，您可以关闭此页面。" : "支付已取消，您可以关闭此页面。"),
    status: (s) => `此笔支付${ZH_STATUSES[s] ?? s}。`,
    back: "返回商户",
  },
};
