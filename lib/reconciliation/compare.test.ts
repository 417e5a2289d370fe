import { describe, expect, it } from "vitest";
import { compareCharge, contradictsIdentity, hasNews, type LedgerSide, type Side } from "./compare";

// The comparison of one charge, table-driven: each provider answer against the same ledger row.

const side = (o: Partial<Side> = {}): Side => ({
  status: "succeeded",
  amount: 10_000,
  currency: "USD",
  captured: 10_000,
  refunded: 2000,
  cny: null,
  captures: [{ id: "cap_1", status: "succeeded", amount: 10_000 }],
  refunds: [{ id: "ref_1", status: "succeeded", amount: 2000, reference: "r-1" }],
  chargebacks: [],
  ...o,
});
const ledger = (o: Partial<Side> = {}): LedgerSide => ({ ...side(o), consoleRefunds: new Set(["r-1"]) });
const kinds = (l: LedgerSide, p: Side) => compareCharge(l, p).map((d) => `${d.kind} ${d.subject}`);

describe("compareCharge", () => {
  it.each<[string, LedgerSide, Side, string[]]>([
    ["the same on both sides", ledger(), side(), []],
    ["a status ahead", ledger({ status: "authorized", captured: 0 }), side(), ["applied status", "applied captured"]],
    ["a status behind", ledger(), side({ status: "authorized" }), ["provider_behind status"]],
    ["two final statuses", ledger(), side({ status: "canceled" }), ["contradiction status"]],
    ["less refunded", ledger(), side({ refunded: 1000 }), ["provider_behind refunded"]],
    ["another currency", ledger(), side({ currency: "EUR" }), ["contradiction currency"]],
    ["a CNY amount first known", ledger(), side({ cny: 70_000 }), ["applied cny_amount"]],
    ["a CNY amount that differs", ledger({ cny: 71_000 }), side({ cny: 70_000 }), ["contradiction cny_amount"]],
    ["a capture missing", ledger(), side({ captures: [] }), ["missing_at_provider capture:cap_1"]],
    [
      "a refund nobody here asked for",
      ledger(),
      side({
        refunded: 3000,
        refunds: [...side().refunds, { id: "ref_2", status: "succeeded", amount: 1000, reference: "elsewhere" }],
      }),
      ["applied refunded", "unknown_refund refund:ref_2"],
    ],
    [
      "the console's own refund not applied yet",
      ledger({ refunds: [], refunded: 0 }),
      side(),
      ["applied refunded", "applied refund:ref_1"],
    ],
    [
      "a chargeback never heard of",
      ledger(),
      side({ chargebacks: [{ id: "cb_1", status: "Notification of Claim", amount: 500 }] }),
      ["unknown_chargeback chargeback:cb_1"],
    ],
    [
      "a chargeback further along",
      ledger({ chargebacks: [{ id: "cb_1", status: "Notification of Claim", amount: 500 }] }),
      side({ chargebacks: [{ id: "cb_1", status: "Won", amount: 500 }] }),
      ["applied chargeback:cb_1"],
    ],
  ])("%s", (_, l, p, expected) => {
    expect(kinds(l, p)).toEqual(expected);
  });

  it("applies nothing to a charge whose identity disagrees, and says when there is news", () => {
    const diffs = compareCharge(ledger(), side({ amount: 9000, refunded: 3000 }));
    expect(contradictsIdentity(diffs)).toBe(true);
    expect(hasNews(compareCharge(ledger(), side()))).toBe(false);
    expect(hasNews(compareCharge(ledger(), side({ refunded: 3000 })))).toBe(true);
  });
});
