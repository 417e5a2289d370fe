import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/platform/config";

export type MetricsAccess = "disabled" | "denied" | "allowed";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /api/metrics is off (404) unless METRICS_TOKEN is set, and then needs
 * `Authorization: Bearer <token>`. Compared as SHA-256 digests in constant time, so neither
 * the token's content nor its length leaks through timing.
 */
export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = config().metricsToken;
  if (!token) return "disabled";
  const given = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0 ? "allowed" : "denied";
}
