// A payment link's kinds and statuses: for its list's filters, its form and its route's answer.
export const LINK_KINDS = ["hosted", "pay", "qr"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_STATUSES = ["initiated", "succeeded", "canceled", "expired", "unknown"] as const;
