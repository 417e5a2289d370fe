import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { auditFilterSchema, pageAudit } from "@/lib/platform/audit/query";
import { auditPageSchema } from "@/lib/platform/audit/answers";

export const GET = route(
  {
    response: auditPageSchema,
    doc: {
      tag: "Administration",
      summary: "List the audit log",
      description:
        "the audit log, newest first, 50 entries a page (`actor` email fragment, `action` prefix, `result`, `from`/`to` the reader's calendar days, `before` from `nextBefore`): `{ entries: [{ id, at, actorEmail, byConsole, role, action, result, target, targetType, targetId, amount, currency, reason, ip, exported }], nextBefore }` — a user target named by its email, `exported` an export's closing row (`{ rows, stopped }`); a value the list cannot use is ignored",
    },
    permission: "audit.read",
    query: auditFilterSchema,
  },
  async ({ query, actor }) => {
    const { timeZone } = await preferencesOf(actor.user);
    return pageAudit({ ...query, timeZone });
  },
);
