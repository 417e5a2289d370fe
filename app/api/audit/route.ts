import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { auditFilterSchema, pageAudit } from "@/lib/platform/audit/query";

// The audit log, newest first, 50 entries a page: `actor`, `action`, `result`, `from`/`to` (the reader's days), `before`.
export const GET = route({ permission: "audit.read", query: auditFilterSchema }, async ({ query, actor }) => {
  const { timeZone } = await preferencesOf(actor.user);
  return pageAudit({ ...query, timeZone });
});
