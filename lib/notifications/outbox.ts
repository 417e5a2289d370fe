import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { db } from "@/lib/platform/db";
import { ROLES, can, presetGrants, type Permission } from "@/lib/platform/auth/permissions";
import { ALWAYS_EMAIL, type NotificationKind } from "./kinds";

// An event is written in its cause's transaction: a rolled-back refund leaves no notification.

/** Who gets an event: named people and/or everyone whose role, preset or the merchant's, holds a permission. */
export type Audience = { users?: string[]; permission?: Permission };

export type NotificationEvent = {
  kind: NotificationKind;
  params: Record<string, string | number>;
  link?: string;
  to: Audience;
  actorId?: string | null;
  onceKey?: string;
  /** The onceKey of an earlier event this one answers: its console notices stop showing as unread. */
  settles?: string;
};

type Client = Pick<typeof db, "$executeRawUnsafe">;
type Statement = { text: string; values: unknown[] };
const sql = (strings: TemplateStringsArray, ...values: unknown[]): Statement => ({
  text: strings.reduce((text, part, i) => `${text}$${i}${part}`),
  values,
});

const teamsOf = ({ permission }: Audience): string[] =>
  permission ? ROLES.filter((r) => can(presetGrants(r), permission)) : [];

/** The statements that record an event (text and `$n` parameters, in order), to run inside the cause's transaction. */
function notificationStatements(event: NotificationEvent): Statement[] {
  const id = randomUUID();
  const users = event.to.users ?? [];
  const roles = teamsOf(event.to);
  const permission = event.to.permission ?? null;
  const params = JSON.stringify(event.params);
  const always = ALWAYS_EMAIL.includes(event.kind);
  return [
    sql`
      INSERT INTO notification_events (id, kind, params, link, once_key)
      VALUES (${id}::uuid, ${event.kind}, ${params}::jsonb, ${event.link ?? null}, ${event.onceKey ?? null})
      ON CONFLICT (once_key) DO NOTHING`,
    sql`
      INSERT INTO notification_deliveries (id, event_id, user_id, channel, status, sent_at, reason)
      SELECT gen_random_uuid(), e.id, u.id, c.channel,
             CASE WHEN c.channel = 'console' THEN 'sent'
                  WHEN ${always} THEN 'pending'
                  WHEN COALESCE(p.mode, d.mode) = 'console' THEN 'suppressed'
                  WHEN COALESCE(p.mode, d.mode) = 'digest' THEN 'digest'
                  ELSE 'pending' END::"NotificationDeliveryStatus",
             CASE c.channel WHEN 'console' THEN now() END,
             CASE WHEN c.channel = 'email' AND COALESCE(p.mode, d.mode) = 'console' AND NOT ${always}
                  THEN 'preference' END
        FROM notification_events e
        JOIN users u ON NOT u.disabled
         AND (u.id::text = ANY(${users}::text[])
              OR EXISTS (SELECT 1 FROM roles r WHERE r.key = u.role AND ${permission}::text = ANY(r.permissions)))
         AND u.id::text IS DISTINCT FROM ${event.actorId ?? null}::text
       CROSS JOIN (VALUES ('console'::"NotificationChannel"), ('email'::"NotificationChannel")) AS c(channel)
        LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = e.kind
        LEFT JOIN notification_role_defaults d ON d.role::text = u.role AND d.kind = e.kind
       WHERE e.id = ${id}::uuid
      ON CONFLICT (event_id, user_id, channel) DO NOTHING`,
    ...(event.settles
      ? [
          sql`
      UPDATE notification_deliveries SET read_at = now()
       WHERE read_at IS NULL AND channel = 'console'
         AND event_id IN (SELECT id FROM notification_events WHERE once_key = ${event.settles})`,
        ]
      : []),
    ...(roles.length && !always
      ? [
          sql`
      INSERT INTO notification_chat_deliveries (id, event_id, team)
      SELECT gen_random_uuid(), e.id, r.team
        FROM notification_events e
       CROSS JOIN unnest(${roles}::text[]) AS r(team)
        JOIN secrets s ON s.name = 'chat.' || r.team || '.url'
       WHERE e.id = ${id}::uuid
      ON CONFLICT (event_id, team) DO NOTHING`,
        ]
      : []),
  ];
}

/** The same as Prisma's writes, for a batch transaction (`db.$transaction([...])`). */
export const notificationWrites = (client: Client, event: NotificationEvent): Prisma.PrismaPromise<number>[] =>
  notificationStatements(event).map((s) => client.$executeRawUnsafe(s.text, ...s.values));

/** Records an event in Prisma's interactive transaction (`db.$transaction(async (tx) => …)`). */
export async function notify(tx: Client, event: NotificationEvent): Promise<void> {
  for (const write of notificationWrites(tx, event)) await write;
}

/** Records an event on a pg transaction (the money writers', ADR 0021): `client.query(text, params)` or its like. */
export async function notifySql(run: (text: string, params: unknown[]) => Promise<unknown>, event: NotificationEvent) {
  for (const s of notificationStatements(event)) await run(s.text, s.values);
}
