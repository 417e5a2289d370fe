import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { SOURCE_CATALOGS } from "@/lib/platform/i18n/catalog";
import { outcomeLine } from "./outcome-line";
import { outcomeTextOf } from "./outcome-text";

// Issue 33: the inbox's apply results read in the reader's language. Each detail the console
// writes (the appliers, the intake, the inquiry's reasons) is recognised; its English catalog
// text must give back exactly what was stored, and the Chinese must leave no English word but
// the values (ids, references, field names).

const en = createTranslator({ locale: "en", messages: SOURCE_CATALOGS.en, namespace: "webhooks" });
const zh = createTranslator({ locale: "zh-CN", messages: SOURCE_CATALOGS["zh-CN"], namespace: "webhooks" });
const same = (s: string) => s;

/** What the console writes into apply_detail, one of each kind (lib/webhooks/*.ts). */
const WRITTEN = [
  "Charge added to the ledger as succeeded.",
  "Refund added to the ledger as succeeded.",
  "Confirmed by inquiry. Status authorized → succeeded.",
  "Already succeeded.",
  "Ignored: the refund is already succeeded.",
  "Ignored: the ledger is already succeeded, further along than authorized.",
  "Amounts already known; the multi-capture stays open until its last capture.",
  "Amounts brought up to date; the multi-capture stays open until its last capture.",
  "Amounts brought up to date.",
  "Unknown charge status “weird”: recorded, not applied.",
  "Unknown transaction_type “other”: recorded, not applied.",
  "The signature did not match: not applied.",
  "No signature: not applied.",
  "An MD5 (pay-by-link) signature, but no API token is stored to check it: not applied.",
  "No webhook secret is configured: waiting for an inquiry to confirm it.",
  "Signed without amount, currency: waiting for an inquiry to confirm it.",
  "Signed without amount: to be confirmed by inquiry.",
  "Signed with the MD5 scheme: waiting for an inquiry to confirm it.",
  "Signed with the MD5 scheme (keyed with the customs token): to be confirmed by inquiry.",
  "Signed 2026-01-02T03:04:05.000Z, older than the 14-day replay window: refused, not applied. Re-sync from inquiry to take the service's view.",
  "Names no charge: waiting for an inquiry of its charge to tie it.",
  "Not yet tied to a charge: waiting for an inquiry of the charge with its reference.",
  "Chargeback tied to its charge.",
  "Chargeback already has Notification of Claim in its history.",
  "Chargeback now Request For Information.",
  "Information Supplied added to the history; the chargeback stays Notification of Claim.",
  "Vault failed: recorded.",
  "Token added to the vault list.",
  "Token already known.",
  "Charge added to the ledger as succeeded. CNY amount 1234.56. Payment link PL-1 paid.",
  "Status initiated → canceled. Payment link PL-2 closed.",
  "Refund added to the ledger as succeeded. The open refund with this reference is for another charge or amount: left to its own inquiry.",
  "Already failed. The open refund with this reference is not settled by a notification that names no charge: left to its own inquiry.",
  "Apply failed: connection terminated",
  "Names no charge, and it is not confirmed yet: No charge with reference “R-1” in the ledger yet (import it to tie this chargeback); will try again. Shown meanwhile as a chargeback not yet tied to a charge.",
  "Could not be verified (no webhook secret), and it is not confirmed yet: The inquiry failed (fetch failed); will try again.",
  "Signed with the MD5 scheme (never applied as it says), and it is not confirmed yet: It names no id to ask about.",
  "Not every essential was signed, and it is not confirmed yet: A vault is not confirmed by inquiry.",
  "Names no charge, and it is not confirmed yet: The inquiry says this id is not a charge.",
  "Names no charge, and it is not confirmed yet: The inquiry says this id is not a refund.",
  "Names no charge, and it is not confirmed yet: The payment inquiry answered about another payment.",
  "Names no charge, and it is not confirmed yet: The inquiry of its charge failed; will try again.",
  "Names no charge, and it is not confirmed yet: No charge with reference “R-2” lists chargeback CB-9; will try again.",
];
const VALUES =
  /R-1|R-2|CB-9|PL-1|PL-2|transaction_type|amount|currency|MD5|API|Webhook|CNY|\d{4}-\d\d-\d\dT[\d:.]+Z|id\b/g;

describe("the inbox's apply results", () => {
  it.each(WRITTEN)("reads back exactly, and in Chinese: %s", (detail) => {
    const phrases = outcomeTextOf(detail);
    expect(phrases, detail).not.toBeNull();
    expect(outcomeLine(en as never, same, phrases!, " ")).toBe(detail);
    const chinese = outcomeLine(zh as never, same, phrases!, "");
    const words = chinese.replace(VALUES, "").match(/[A-Za-z]{2,}/g) ?? [];
    // Status values are words of the statuses catalog on the page; here they pass through as stored.
    const statuses =
      /succeeded|authorized|failed|canceled|initiated|weird|other|vault|Notification|of|Claim|Request|For|Information|Supplied|connection|terminated|fetch/;
    expect(words.filter((w) => !statuses.test(w))).toEqual([]);
  });

  it("leaves a detail it does not know as written", () => {
    expect(outcomeTextOf("Something the console never wrote.")).toBeNull();
    expect(outcomeTextOf("Charge added to the ledger as succeeded. Something else.")).toBeNull();
    expect(outcomeTextOf(null)).toBeNull();
  });

  it("reads a leading 'Confirmed by inquiry.' as its own sentence, and an instant in the reader's zone (CI's zh-CN walk)", () => {
    const phrases = outcomeTextOf(
      "Confirmed by inquiry. Information Supplied added to the history; the chargeback stays Closed.",
    );
    expect(phrases?.[0]).toEqual({ key: "confirmedByInquiry" });
    const old = outcomeTextOf(
      "Signed 2026-11-19T22:18:43.476Z, older than the 7-day replay window: refused, not applied. Re-sync from inquiry to take the service's view.",
    );
    const line = outcomeLine(
      zh as never,
      (s) => s,
      old!,
      "",
      () => "2026年11月20日 06:18:43 CST",
    );
    expect(line).toContain("2026年11月20日 06:18:43 CST");
    expect(line).not.toContain("T22:18");
  });
});
