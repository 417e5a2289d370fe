import { describe, expect, it } from "vitest";
import { renderMail } from "./render";
import { NOTIFICATION_KINDS } from "./kinds";
import {
  chargebackChanged,
  chargebackUntied,
  customsBulkFinished,
  customsRejected,
  operationUnknown,
  paymentLinkEnded,
} from "./events-ops";
import { credentialsExpiring, mfaReset, signInNewAddress, webhooksFailing } from "./events-security";
import type { NotificationEvent } from "./outbox";

// Issue 35: each new event reads as a sentence in English and Chinese (every value filled in,
// amounts as money, times in the reader's zone), with a link to the thing and no secret.

const cb = { id: "cb_1", amount: 4200n, currency: "USD", reference: "ORD-1" };
const now = Date.parse("2026-11-28T09:00:00Z");
const events: NotificationEvent[] = [
  chargebackChanged(cb, "Notification of Claim", true, null),
  chargebackChanged(cb, "Request For Information", false, "u1"),
  chargebackUntied(cb),
  customsRejected({ id: "d1", reference: "ORD-2" }, { id: "s1", subOrderNo: "ORD-2-A" }, "EXCEPT"),
  customsBulkFinished("u1", { rows: 3, created: 2, failed: 1 }),
  operationUnknown({
    id: "o1",
    kind: "refund",
    reference: "rfd_1",
    amount: 500n,
    currency: "USD",
    transactionId: "ch_1",
    requestedById: "u1",
  }),
  paymentLinkEnded(
    { id: "l1", reference: "LINK-1", amountMinor: 14_200, currency: "CNY", createdById: "u1" },
    "paid",
    "ch_2",
  ),
  paymentLinkEnded(
    { id: "l1", reference: "LINK-1", amountMinor: 14_200, currency: "CNY", createdById: "u1" },
    "expired",
  ),
  webhooksFailing({ total: 10, rejected: 3, unconfirmed: 4 }, 2, now),
  credentialsExpiring("token_renewal", "unavailable", new Date(now + 3_600_000), now),
  credentialsExpiring("webhook_secret_previous", "rotation", new Date(now + 3_600_000), now),
  signInNewAddress("u1", "198.51.100.9", new Date(now)),
  mfaReset("u1", "admin@example.com"),
];

describe("the new events in both languages", () => {
  it.each(["en", "zh-CN"] as const)("%s: every value filled in, a link, nothing secret", (locale) => {
    for (const e of events) {
      expect(NOTIFICATION_KINDS).toContain(e.kind);
      const stored = { kind: e.kind, params: e.params, link: e.link ?? null };
      const mail = renderMail(
        stored,
        { name: "Ada" },
        { locale, timeZone: "Asia/Shanghai" },
        "https://console.example",
      );
      expect(mail.subject, e.kind).not.toMatch(/[{}]|events\./);
      expect(mail.text, e.kind).not.toMatch(/[{}]/);
      expect(mail.text, e.kind).toContain(`https://console.example${e.link}`);
    }
  });

  it("speaks of money and credentials in words, not codes", () => {
    const render = (e: NotificationEvent, locale: "en" | "zh-CN") =>
      renderMail(
        { kind: e.kind, params: e.params, link: e.link ?? null },
        { name: "Ada" },
        { locale, timeZone: "UTC" },
        "",
      );
    expect(render(events[5]!, "en").subject).toBe("The refund rfd_1 still has no known outcome");
    expect(render(events[5]!, "en").text).toContain("$5.00");
    expect(render(events[9]!, "en").subject).toBe("The payment API token is about to stop working");
    expect(render(events[10]!, "zh-CN").subject).toBe("Webhook 密钥的旧值即将失效");
    expect(render(events[6]!, "zh-CN").text).toContain("¥142.00");
    // Issue 50, item 4: the provider's status was told as it came ("Notification of Claim").
    expect(render(events[0]!, "zh-CN").text).toContain("拒付通知");
    expect(render(events[1]!, "zh-CN").subject).not.toContain("Request For Information");
  });
});

// Issue 48, item 6: a verified chargeback with a currency that is no ISO code (or none) made the
// bell answer 500 for every manager, and its e-mails never went.
describe("an odd value a provider sent", () => {
  it.each(["en", "zh-CN"] as const)("%s: is shown as text, never thrown", (locale) => {
    const odd = [
      chargebackChanged({ ...cb, currency: "US$" }, "Notification of Claim", true, null),
      chargebackChanged({ ...cb, currency: "" }, "Won", false, null),
      chargebackUntied({ ...cb, currency: "<b>" }),
    ];
    for (const e of odd) {
      const mail = renderMail(
        { kind: e.kind, params: e.params, link: e.link ?? null },
        { name: "Ada" },
        { locale, timeZone: "UTC" },
        "",
      );
      expect(mail.text).toContain("4200");
      expect(mail.subject).not.toMatch(/[{}]|events\./);
    }
    const badTime = renderMail(
      {
        kind: "payment_link_ended",
        params: { reference: "L", amountMinor: 1, currency: "CNY", expiresAt: "never" },
        link: null,
      },
      { name: "Ada" },
      { locale, timeZone: "UTC" },
      "",
    );
    expect(badTime.text).toBeTruthy();
  });
});
