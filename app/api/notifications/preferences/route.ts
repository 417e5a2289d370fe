import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { getPreferences, getQuietHours, setPreferences } from "@/lib/notifications/preferences";
import { auditWrite } from "@/lib/platform/audit/log";
import { preferencesSchema } from "@/lib/notifications/schemas";
import { hhmmOf, minuteOf } from "@/lib/notifications/modes";

// The reader's own choice per event (console only, e-mail, morning digest; or their role's
// default) and their quiet hours; anyone signed in, for themselves.

const view = async (userId: string) => {
  const [preferences, quiet] = await Promise.all([getPreferences(userId), getQuietHours(userId)]);
  return {
    preferences,
    quietHours: quiet ? { start: hhmmOf(quiet.startMinute), end: hhmmOf(quiet.endMinute) } : null,
  };
};

export const GET = route({ permission: "signed-in" }, async ({ actor }) => json(await view(actor.user.id)));

export const PUT = route(
  { permission: "signed-in", body: preferencesSchema, action: "notifications.preferences.update" },
  async ({ body, actor }) => {
    const fromBooleans = Object.fromEntries(
      Object.entries(body.email ?? {}).map(([kind, on]) => [kind, on ? "email" : "console"] as const),
    );
    // One transaction: the choices, the quiet hours and the audit row, or none of them.
    const quiet =
      body.quietHours === undefined
        ? undefined
        : body.quietHours && { startMinute: minuteOf(body.quietHours.start), endMinute: minuteOf(body.quietHours.end) };
    const audited = auditWrite({
      actor,
      action: "notifications.preferences.update",
      result: "ok",
      detail: { modes: { ...fromBooleans, ...body.modes }, quietHours: body.quietHours ?? null },
    });
    await setPreferences(
      actor.user.id,
      { ...fromBooleans, ...body.modes },
      {
        quiet,
        also: [audited],
      },
    );
    return json(await view(actor.user.id));
  },
);
