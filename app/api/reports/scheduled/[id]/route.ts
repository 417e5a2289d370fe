import { NextResponse } from "next/server";
import { route } from "@/lib/platform/api/route";
import { audit } from "@/lib/platform/audit/log";
import { can } from "@/lib/platform/auth/permissions";
import { db } from "@/lib/platform/db";
import { Conflict, Forbidden, NotFound } from "@/lib/platform/errors";
import { REPORT_PERMISSION, reportTarget } from "@/lib/reports/scheduled-kinds";
import { subscriptionParams } from "@/lib/reports/subscriptions";

const ACTION = "report.scheduled.open";

/**
 * A scheduled report's link (issue 35): for its recipient, signed in, whose role may read the
 * report (403 and an audit row otherwise), until the link expires (409 after), it leads to the report's
 * own export or page for the period, which checks the permission again. The mail never
 * carries the file.
 */
export const GET = route(
  {
    doc: {
      tag: "Account",
      summary: "Open a scheduled report's link",
      description:
        "a scheduled report's e-mailed link: 303 to the report's own export or page for its period (which checks the permission again) for its recipient, signed in, whose role may read the report; 403 and an audit row for a role without the permission; 404 for anyone else's link; 409 `report_link_expired` once its 24 hours are over; audited `report.scheduled.open`",
    },
    permission: "signed-in",
    params: subscriptionParams,
    action: ACTION,
  },
  async (ctx) => {
    const { params, actor, req } = ctx;
    const row = await db.reportDispatch.findUnique({
      where: { id: params.id },
      include: { subscription: { include: { savedView: { select: { query: true } } } } },
    });
    if (!row) throw new NotFound("No such report.");
    const permission = REPORT_PERMISSION[row.subscription.report];
    if (!can(actor.user, permission)) {
      await audit({ actor, action: ACTION, result: "denied", reason: `missing permission ${permission}` });
      throw new Forbidden("Your role does not allow this.", "role_forbids");
    }
    // The link is its recipient's: another person with the permission opens their own reports (a
    // saved view's query is the subscriber's), and learns nothing of this one.
    if (row.userId !== actor.user.id) throw new NotFound("No such report.");
    if (row.expiresAt <= new Date()) throw new Conflict("This report's link has expired.", "report_link_expired");
    await audit({ actor, action: ACTION, result: "ok", detail: { report: row.subscription.report, id: row.id } });
    const target = reportTarget(row.subscription.report, row.fromDay, row.toDay, row.subscription.savedView?.query);
    return NextResponse.redirect(new URL(target, req.nextUrl.origin), 303);
  },
);
