"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";
import { AddressFields } from "@/components/form/address-fields";

/** The recipient (goods.shipping) and the parcel (shipping_address): the address typed once, sent to both. */
export function ShippingFields() {
  const t = useTranslations("terminal.fields");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="shipping.firstName" label={t("recipientFirstName")} />
      <TextInput name="shipping.lastName" label={t("recipientLastName")} />
      <TextInput name="shipping.phone" label={t("recipientPhone")} type="tel" />
      <TextInput name="shipping.email" label={t("recipientEmail")} type="email" />
      <AddressFields at="shipping" />
      <TextInput name="shipping.vendor" label={t("vendor")} placeholder="DHL" />
      <TextInput name="shipping.tracking" label={t("tracking")} />
    </div>
  );
}
