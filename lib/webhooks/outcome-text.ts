import type { OutcomePhrase } from "./outcome-line";

export type { OutcomePhrase };

const any = "(.+?)";
const SENTENCES: [string, RegExp, string[]][] = [
  ["notConfirmedYet", new RegExp(`^${any}, and it is not confirmed yet: (.+)$`), ["prefix", "reason"]],
  ["unknownStatus", /^Unknown (charge|refund|chargeback) status “(.*)”: recorded, not applied\.$/, ["type", "status"]],
  ["unknownType", /^Unknown transaction_type “(.*)”: recorded, not applied\.$/, ["type"]],
  ["refundAdded", /^Refund added to the ledger as (\S+)\.$/, ["status"]],
  ["chargeAdded", /^Charge added to the ledger as (\S+)\.$/, ["status"]],
  ["statusMoved", /^Status (\S+) → (\S+)\.$/, ["from", "to"]],
  ["already", /^Already (\S+)\.$/, ["status"]],
  ["refundAhead", /^Ignored: the refund is already (\S+)\.$/, ["status"]],
  ["chargeAhead", /^Ignored: the ledger is already (\S+), further along than (\S+)\.$/, ["current", "status"]],
  ["multiCaptureKnown", /^Amounts already known; the multi-capture stays open until its last capture\.$/, []],
  ["multiCaptureHeld", /^Amounts brought up to date; the multi-capture stays open until its last capture\.$/, []],
  ["amountsUpdated", /^Amounts brought up to date\.$/, []],
  ["signatureMismatch", /^The signature did not match: not applied\.$/, []],
  ["noSignature", /^No signature: not applied\.$/, []],
  ["md5NoToken", /^An MD5 \(pay-by-link\) signature, but no API token is stored to check it: not applied\.$/, []],
  ["noSecret", /^No webhook secret is configured: waiting for an inquiry to confirm it\.$/, []],
  ["unsignedWaiting", /^Signed without (.+): waiting for an inquiry to confirm it\.$/, ["fields"]],
  ["unsignedToConfirm", /^Signed without (.+): to be confirmed by inquiry\.$/, ["fields"]],
  ["md5Waiting", /^Signed with the MD5 scheme: waiting for an inquiry to confirm it\.$/, []],
  ["md5ToConfirm", /^Signed with the MD5 scheme \(keyed with the customs token\): to be confirmed by inquiry\.$/, []],
  [
    "tooOld",
    /^Signed (\S+), older than the (\d+)-day replay window: refused, not applied\. Re-sync from inquiry to take the service's view\.$/,
    ["at", "days"],
  ],
  ["namesNoChargeWaiting", /^Names no charge: waiting for an inquiry of its charge to tie it\.$/, []],
  ["confirmedByInquiry", /^Confirmed by inquiry\.$/, []],
  ["untiedWaiting", /^Not yet tied to a charge: waiting for an inquiry of the charge with its reference\.$/, []],
  ["chargebackTied", /^Chargeback tied to its charge\.$/, []],
  ["chargebackHas", /^Chargeback already has (.+) in its history\.$/, ["status"]],
  ["chargebackNow", /^Chargeback now (.+)\.$/, ["status"]],
  ["chargebackAdded", /^(.+) added to the history; the chargeback stays (.+)\.$/, ["status", "current"]],
  ["vaultStatus", /^Vault (\S+): recorded\.$/, ["status"]],
  ["tokenAdded", /^Token added to the vault list\.$/, []],
  ["tokenKnown", /^Token already known\.$/, []],
  ["cnyAmount", /^CNY amount (\S+)\.$/, ["amount"]],
  ["linkPaid", /^Payment link (\S+) paid\.$/, ["reference"]],
  ["linkClosed", /^Payment link (\S+) closed\.$/, ["reference"]],
  [
    "refundOtherCharge",
    /^The open refund with this reference is for another charge or amount: left to its own inquiry\.$/,
    [],
  ],
  [
    "refundNoCharge",
    /^The open refund with this reference is not settled by a notification that names no charge: left to its own inquiry\.$/,
    [],
  ],
  ["shownUntied", /^Shown meanwhile as a chargeback not yet tied to a charge\.$/, []],
  ["applyFailed", /^Apply failed: (.+)$/, ["error"]],
  ["namesNoCharge", /^Names no charge$/, []],
  ["couldNotVerify", /^Could not be verified \(no webhook secret\)$/, []],
  ["md5NeverAsSays", /^Signed with the MD5 scheme \(never applied as it says\)$/, []],
  ["notEveryEssential", /^Not every essential was signed$/, []],
  ["inquiryFailed", /^The inquiry failed \((.*)\); will try again\.$/, ["error"]],
  ["namesNoId", /^It names no id to ask about\.$/, []],
  ["notConfirmable", /^A (\S+) is not confirmed by inquiry\.$/, ["type"]],
  ["notACharge", /^The inquiry says this id is not a charge\.$/, []],
  ["notARefund", /^The inquiry says this id is not a refund\.$/, []],
  ["otherPayment", /^The payment inquiry answered about another payment\.$/, []],
  [
    "noChargeWithReference",
    /^No charge with reference “(.*)” in the ledger yet \(import it to tie this chargeback\); will try again\.$/,
    ["reference"],
  ],
  ["chargeInquiryFailed", /^The inquiry of its charge failed; will try again\.$/, []],
  [
    "noChargeListsIt",
    /^No charge with reference “(.*)” lists chargeback (\S+); will try again\.$/,
    ["reference", "id"],
  ],
];
const NESTED = new Set(["prefix", "reason"]);

function sentence(text: string): OutcomePhrase | null {
  for (const [key, pattern, names] of SENTENCES) {
    const m = pattern.exec(text);
    if (!m) continue;
    const values: Record<string, string | OutcomePhrase[]> = {};
    let ok = true;
    names.forEach((name, i) => {
      const raw = m[i + 1] ?? "";
      if (!NESTED.has(name)) values[name] = raw;
      else {
        const nested = outcomeTextOf(raw);
        if (nested) values[name] = nested;
        else ok = false;
      }
    });
    if (ok) return names.length ? { key, values } : { key };
  }
  return null;
}

/** A stored detail as phrases, or null when some sentence of it is not one the console writes. */
export function outcomeTextOf(detail: string | null | undefined): OutcomePhrase[] | null {
  if (!detail) return null;
  // Sentences one by one first: a whole-line pattern with a free value would swallow a leading sentence.
  const parts = detail.split(/(?<=\.) (?=[A-Z])/);
  if (parts.length > 1) {
    const phrases = parts.map(sentence);
    if (phrases.every((p) => p !== null)) return phrases as OutcomePhrase[];
  }
  const whole = sentence(detail);
  return whole ? [whole] : null;
}
