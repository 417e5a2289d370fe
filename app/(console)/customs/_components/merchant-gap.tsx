"use client";

import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { gapField, type MerchantCustomsGap } from "@/lib/declarations/merchant-customs-gap";

/**
 * What of the merchant's customs code and name Settings lacks, and who sets it: an admin (one
 * who may is sent straight to the field). `single`: the declaration form, where they can be typed.
 */
export function MerchantGap({
  gap,
  canSet,
  single = false,
}: {
  gap: MerchantCustomsGap;
  canSet: boolean;
  single?: boolean;
}) {
  const t = useTranslations("customs");
  const f = useFormat();
  if (!gap) return null;
  return (
    <Notice tone="warning" testId="merchant-gap">
      {t("merchantGap.missing", { missing: gap })}
      {f.sentenceGap}
      {canSet ? (
        <Link href={`/settings#${gapField(gap)}`} className="font-medium underline">
          {t("merchantGap.setIt")}
        </Link>
      ) : single ? (
        t("merchantGap.single")
      ) : (
        t("merchantGap.whoSets")
      )}
    </Notice>
  );
}
