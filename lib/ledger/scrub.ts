// The console never stores a card number or a CVV: payloads pass here before they are kept.
const SECRET_KEYS = new Set(["cvv", "cvc", "cvv2", "security_code"]);

export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, "");
  return digits.length < 12 ? "****" : `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`;
}

export function scrubCardData<T>(value: T): T {
  if (Array.isArray(value)) return value.map(scrubCardData) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEYS.has(k.toLowerCase())) continue;
    if (k.toLowerCase() === "pan" && typeof v === "string" && /\d{12,}/.test(v.replace(/[\s-]/g, "")))
      out[k] = maskPan(v);
    else out[k] = scrubCardData(v);
  }
  return out as T;
}
