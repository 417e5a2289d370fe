import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { getPreferences, getQuietHours, setPreferences } from "@/lib/notifications/preferences";
import { auditWrite } from "@/lib/platform/audit/log";
import { preferencesSchema } from "@/lib/notifications/schemas";
import { hhmmOf, minuteOf } from "@/lib/notifications/modes";
import { notificationPreferencesSchema } from "@/lib/notifications/answers";

// The reader's own choice per event (console only, e-mail, morning digest; or their role's
// default) and their quiet hours; anyone signed in, for themselves.

const view = async (userId: string) => {
  const [preferences, quiet] = await Promise.all([getPreferences(userId), getQuietHours(userId)]);
  return {
    preferences,
    quietHours: quiet ? { start: hhmmOf(quiet.startMinute), end: hhmmOf(quiet.endMinute) } : null,
  };
};

export const GET = route(
  {
    response: notificationPreferencesSchema,
    doc: {
      tag: "Account",
      summary: "Read your notification choices",
      description:
        "your choice per event and your quiet hours: `{ preferences: [{ kind, mode, roleDefault, own, always }], quietHours: { start, end } | null }`. `mode`: `console` (the bell only), `email` (at once) or `digest` (one e-mail at 08:00 in your zone gathering the day's); `roleDefault`: what applies when you have not chosen (`own: false`), set by a manager, else `email`; `always`: a security notice, e-mailed at once whatever you choose",
    },
    permission: "signed-in",
  },
  async ({ actor }) => json(await view(actor.user.id)),
);

export const PUT = route(
  {
    response: notificationPreferencesSchema,
    doc: {
      tag: "Account",
      summary: "Choose how you are told of each event",
      description:
        '`{ modes?: { <kind>: "console" | "email" | "digest" | null }, quietHours?: { start: "HH:MM", end: "HH:MM" } | null }` → the same as GET: your own choices (null: back to your role\'s default; a security notice\'s is ignored) and quiet hours in your time zone (null: none; start after end spans midnight). Non-urgent e-mail due inside them waits until they end; urgent (security notices, an overdue chargeback) goes at once. The earlier `{ email: { <kind>: boolean } }` still reads (true: email, false: console)',
    },
    permission: "signed-in",
    body: preferencesSchema,
    action: "notifications.preferences.update",
  },
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
