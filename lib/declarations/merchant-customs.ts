import "server-only";
import { Invalid } from "@/lib/platform/errors";
import { messageText } from "@/lib/platform/i18n/message-text";
import { keyed } from "@/lib/platform/keyed";
import { getSettings } from "@/lib/platform/settings/service";
import { type MerchantCustomsGap, gapOf } from "./merchant-customs-gap";

/** The code and name as Settings holds them, and which of them is not set. */
export async function merchantCustoms(): Promise<{ code: string; name: string; gap: MerchantCustomsGap }> {
  const s = await getSettings();
  const [code, name] = [s.merchantCustomsCode.trim(), s.merchantCustomsName.trim()];
  return { code, name, gap: gapOf(code, name) };
}

/** What a bulk file is declared with; refused, naming what is missing and who sets it, when not set. */
export async function merchantCustomsOrThrow() {
  const { code, name, gap } = await merchantCustoms();
  if (gap) {
    const values = { missing: gap };
    throw new Invalid(
      messageText(keyed("errors.rules.merchant_customs_missing", values)),
      "merchant_customs_missing",
      values,
    );
  }
  return { merchantCustomsCode: code, merchantCustomsName: name };
}
