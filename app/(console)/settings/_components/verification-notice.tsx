import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { Notice } from "@/components/ui/notice";
import type { Unverified } from "@/lib/platform/settings/service";

/**
 * A base URL changed since its credentials last worked there: the console sends it nothing
 * until the admin proves it (Test connection, or entering the customs token again).
 */
export async function VerificationNotice({ unverified }: { unverified: Unverified }) {
  const { upiBaseUrl: upi, customsBaseUrl: customs } = unverified;
  if (!upi && !customs) return null;
  const [t, f] = await Promise.all([getTranslations("settings"), getFormat()]);
  return (
    <Notice tone="warning" testId="unverified-notice">
      {upi && (
        <p>
          {t.rich("verification.upi", {
            by: upi.by,
            at: f.dateTime(upi.since),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      )}
      {customs && <p>{t("verification.customs", { by: customs.by, at: f.dateTime(customs.since) })}</p>}
    </Notice>
  );
}
