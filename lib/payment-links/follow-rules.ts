import { config } from "@/lib/platform/config";

/** The service documents no expiry: the console's own (PAYMENT_LINK_EXPIRY_HOURS); a later payment still counts. */
export function linkLifetimeMs(): number {
  return config().paymentLinkExpiryHours * 3_600_000;
}
export const expiryFor = (createdAt: Date) => new Date(createdAt.getTime() + linkLifetimeMs());

/** The query token of a hosted payment: the `q` parameter of the landing URL the chop answer gives. */
export function queryToken(url: string): string | null {
  try {
    return new URL(url).searchParams.get("q") || null;
  } catch {
    return null;
  }
}

const PAYMENT_STATUS: Record<string, "succeeded" | "canceled"> = {
  success: "succeeded",
  refunded: "succeeded",
  cancelled: "canceled",
  canceled: "canceled",
  fail: "canceled",
  failed: "canceled",
};
export const linkStatusOf = (status: string | null | undefined) =>
  PAYMENT_STATUS[(status ?? "").toLowerCase()] ?? "initiated";

/** /chop/inquire's notify_result: the hosted payment was completed and notified. */
export const chopPaid = (notifyResult: string | null | undefined) => (notifyResult ?? "").toLowerCase() === "success";

/** How often an open link is asked about. */
export function followDue(l: { createdAt: Date; checkedAt: Date | null }, now = Date.now()): boolean {
  if (!l.checkedAt) return true;
  const every = now - l.createdAt.getTime() < 3_600_000 ? 55_000 : 600_000;
  return now - l.checkedAt.getTime() >= every;
}
