"use client";

import { TextInput } from "@/components/form/inputs";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * The consumer the card is kept for: their reference, contact and own names. The names start as
 * the card holder's and follow them (`follow`) until a person types other ones.
 */
export function ConsumerFields({
  follow,
  onOwnNames,
  onFollow,
}: {
  follow: boolean;
  onOwnNames: () => void;
  onFollow: () => void;
}) {
  const t = useTranslations("vault.add");
  return (
    <>
      <TextInput name="consumer.reference" id="consumer-reference" label={t("consumerReference")} />
      <TextInput name="consumer.email" id="consumer-email" label={t("consumerEmail")} type="email" />
      <TextInput name="consumer.phone" id="consumer-phone" label={t("consumerPhone")} />
      <TextInput
        name="consumer.firstName"
        id="consumer-first"
        label={t("consumerFirstName")}
        onChange={onOwnNames}
        hint={follow ? t("namesFromHolder") : undefined}
      />
      <TextInput
        name="consumer.lastName"
        id="consumer-last"
        label={t("consumerLastName")}
        onChange={onOwnNames}
        hint={follow ? t("namesFromHolder") : undefined}
      />
      <div className="self-end">
        {!follow && (
          <Button variant="secondary" type="button" onClick={onFollow}>
            {t("useHolderNames")}
          </Button>
        )}
      </div>
    </>
  );
}
