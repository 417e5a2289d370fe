import { formatDateTime } from "@/lib/format";
import { Notice } from "@/components/ui/notice";
import type { Unverified } from "@/lib/settings/service";

/**
 * A base URL changed since its credentials last worked there: the console sends it nothing
 * until the admin proves it (Test connection, or entering the customs token again).
 */
export function VerificationNotice({ unverified }: { unverified: Unverified }) {
  const { upiBaseUrl: upi, customsBaseUrl: customs } = unverified;
  if (!upi && !customs) return null;
  return (
    <Notice tone="warning" testId="unverified-notice">
      {upi && (
        <p>
          The payment API base URL was changed by {upi.by} on {formatDateTime(upi.since)}. Payments are paused: the
          stored private key was discarded with the change, so paste the merchant&apos;s private key again below, then
          press <strong>Test connection</strong>; until it succeeds there no key or token is sent to the new address.
        </p>
      )}
      {customs && (
        <p>
          The customs service base URL was changed by {customs.by} on {formatDateTime(customs.since)}. Declarations are
          paused until the customs token is entered again below.
        </p>
      )}
    </Notice>
  );
}
