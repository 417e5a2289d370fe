// The API's times arrive as Unix seconds, milliseconds, "yyyy-MM-dd HH:mm:ss" (UTC) or ISO 8601.
export function parseApiTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value > 1e12 ? value : value * 1000);
  if (typeof value !== "string") return null;
  if (/^\d+$/.test(value)) return parseApiTime(Number(value));
  const iso = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Expiry in seconds whichever unit the service used (above 10^12 means milliseconds). */
export const expirySeconds = (value: number) => (value > 1e12 ? Math.floor(value / 1000) : value);
