import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { db } from "@/lib/platform/db";
import { ROLES, can, presetGrants, type Permission } from "@/lib/platform/auth/permissions";
import { ALWAYS_EMAIL, type NotificationKind } from "./kinds";

// The outbox (issue 35): an event is written by the transaction of what caused it, with one
// delivery row per recipient and channel, so a rolled-back refund leaves no notification and
// a committed one always has its rows. Recipients are resolved in SQL at that moment (active
// users only, never the person who acted), which also lets a batch transaction
// (`db.$transaction([...])`) carry the event: nothing here waits on a result in JS.

/** Who gets an event: named people and/or everyone whose role, preset or the merchant's, holds a permission. */
export type Audience = { users?: string[]; permission?: Permission };

export type NotificationEvent = {
  kind: NotificationKind;
  /** The message's values: references, amounts in minor units, currencies. Never a secret or card data. */
  params: Record<string, string | number>;
  /** The thing's page in the console. */
  link?: string;
  to: Audience;
  /** The person who acted: never told of their own action. */
  actorId?: string | null;
  /** Once only: a second event with the same key is dropped (a deadline step on one day). */
  onceKey?: string;
};

type Client = Pick<typeof db, "$executeRaw">;

// The team chat channels are the presets' (lib/notifications/chat-channels.ts).
const teamsOf = ({ permission }: Audience): string[] =>
  permission ? ROLES.filter((r) => can(presetGrants(r), permission)) : [];

/**
 * The statements that record an event, to run inside the cause's transaction: awaited one
 * after the other on an interactive transaction's client (`notify`), or put in a batch.
 */
export function notificationWrites(client: Client, event: NotificationEvent): Prisma.PrismaPromise<number>[] {
  const id = randomUUID();
  const users = event.to.users ?? [];
  const roles = teamsOf(event.to);
  const permission = event.to.permission ?? null;
  const params = JSON.stringify(event.params);
  const always = ALWAYS_EMAIL.includes(event.kind);
  return [
    client.$executeRaw`
      INSERT INTO notification_events (id, kind, params, link, once_key)
      VALUES (${id}::uuid, ${event.kind}, ${params}::jsonb, ${event.link ?? null}, ${event.onceKey ?? null})
      ON CONFLICT (once_key) DO NOTHING`,
    // The console row is the bell's entry: it is "sent" as it is written. E-mail waits for a
    // worker, or for the person's morning digest, or is suppressed when they chose console
    // only: their own choice for the kind, else their role's default, else e-mail (never for
    // a security notice). Recorded, so what was not sent, and why, can be seen.
    client.$executeRaw`
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
    // An event meant for a role also goes to that role's team chat channel, when one is set
    // (its URL's sealed row in secrets, lib/notifications/chat-channels.ts); never a security notice.
    ...(roles.length && !always
      ? [
          client.$executeRaw`
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

/** Records an event in an interactive transaction (`db.$transaction(async (tx) => …)`). */
export async function notify(tx: Client, event: NotificationEvent): Promise<void> {
  for (const write of notificationWrites(tx, event)) await write;
}
