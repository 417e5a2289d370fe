import type { InstallmentsSent } from "./record";

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : undefined);

export function installmentsOf(stored: unknown): InstallmentsSent | null {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return null;
  const o = stored as Record<string, unknown>;
  const promo = Array.isArray(o.promo) ? o.promo.filter((p): p is string => typeof p === "string") : [];
  const read: InstallmentsSent = {
    ...(typeof o.id === "string" ? { id: o.id } : {}),
    ...(int(o.payment_number) !== undefined ? { payment_number: int(o.payment_number) } : {}),
    ...(int(o.quantity) !== undefined ? { quantity: int(o.quantity) } : {}),
    ...(promo.length ? { promo } : {}),
  };
  return Object.keys(read).length ? read : null;
}
