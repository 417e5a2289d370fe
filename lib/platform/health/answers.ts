import { z } from "zod";

const checks = z.strictObject({
  database: z.enum(["ok", "unreachable"]),
  migrations: z.enum(["ok", "pending", "failed", "unknown"]),
  workers: z.enum(["not_started", "running", "failed", "stopped", "disabled"]),
});

/** 200 ready, or 503 naming the failed checks (./ready.ts). */
export const readinessSchema = z.union([
  z.strictObject({ ok: z.literal(true), checks }),
  z.strictObject({
    ok: z.literal(false),
    failed: z.array(z.enum(["database", "migrations", "workers"])).min(1),
    checks,
  }),
]);
