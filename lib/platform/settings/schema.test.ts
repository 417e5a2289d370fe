import { describe, expect, it } from "vitest";
import { credentialValueSchema, settingsUpdateSchema } from "./schema";
import { createPaymentLinkSchema } from "@/lib/payment-links/schemas";
import { catalogTranslator } from "@/lib/platform/i18n/message-text";
import { translateMessage } from "@/lib/platform/keyed";

// The schemas the forms and the API share: every problem, each at its field, in words a person
// reads under an input (no zod defaults such as "Too small: expected number to be >=0").

// A catalog key reads as an English person reads it (plain sentences are left as they are).
const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), translateMessage(catalogTranslator("en"), i.message)]) ?? [];

describe("settings and credentials", () => {
  it.each([
    [{ refundApprovalPercent: 150 }, [["refundApprovalPercent", "A percentage from 0 to 100, or leave it empty"]]],
    [
      { refundApprovalPercent: Number.NaN },
      [["refundApprovalPercent", "A percentage from 0 to 100, or leave it empty"]],
    ],
    [{ refundApprovalThresholds: { USD: -1 } }, [["refundApprovalThresholds.USD", "The amount cannot be negative"]]],
    [
      { webhookRetentionDays: 3, webhookRejectedRetentionDays: 0 },
      [
        ["webhookRetentionDays", "At least 7 days (the replay window)"],
        ["webhookRejectedRetentionDays", "At least 1 day"],
      ],
    ],
    [{ webhookRetentionDays: 4000 }, [["webhookRetentionDays", "At most 3650 days (ten years)"]]],
    [{ webhookRejectedRetentionDays: 2.5 }, [["webhookRejectedRetentionDays", "A whole number of days"]]],
  ])("%j", (input, expected) => {
    expect(problems(settingsUpdateSchema.safeParse(input))).toEqual(expected);
  });

  it("says why a pasted credential is refused", () => {
    expect(problems(credentialValueSchema.safeParse({ value: "abc" }))).toEqual([
      ["value", "Paste the whole value (at least 8 characters)"],
    ]);
    expect(problems(credentialValueSchema.safeParse({ value: "abc defghij" }))).toEqual([
      ["value", "The value cannot contain spaces"],
    ]);
  });
});

describe("payment links", () => {
  it("names the kind, the wallet and the amount in words, all at once", () => {
    expect(
      problems(createPaymentLinkSchema.safeParse({ kind: "x", vendor: "paypal", amount: 0, currency: "USD" })),
    ).toEqual([
      ["kind", "Choose a hosted page, a payment page or a QR code"],
      ["vendor", "Choose alipay, wechatpay or upop"],
      ["amount", "amount must be more than zero"],
    ]);
  });
});
