import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/platform/config";

export type MetricsAccess = "disabled" | "denied" | "allowed";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** GET /api/metrics: 404 without METRICS_TOKEN, else a bearer compared as SHA-256 digests in constant time. */
export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = config().metricsToken;
  if (!token) return "disabled";
  const given = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0 ? "allowed" : "denied";
}
