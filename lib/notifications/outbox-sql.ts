import "server-only";
import { notificationWrites, type NotificationEvent } from "./outbox";

/** Runs one statement on the cause's transaction: `client.query(text, params)` or its like. */
export type SqlRunner = (text: string, params: unknown[]) => Promise<unknown>;

type Captured = { text: string; values: unknown[] };

const capture = {
  $executeRaw: (strings: TemplateStringsArray, ...values: unknown[]): Captured => ({
    text: strings.reduce((acc, part, i) => `${acc}$${i}${part}`),
    values,
  }),
};

/** The statements of an event as text and parameters (`$1`…), in the order they must run. */
export function notificationStatements(event: NotificationEvent): Captured[] {
  const client = capture as unknown as Parameters<typeof notificationWrites>[0];
  return notificationWrites(client, event) as unknown as Captured[];
}

/** Records an event on the cause's own `pg` transaction. */
export async function notifySql(sql: SqlRunner, event: NotificationEvent): Promise<void> {
  for (const s of notificationStatements(event)) await sql(s.text, s.values);
}
