// Old webhook notifications for the intake figure when bench:scale's seed left none: one year of
// settled ones, all past the 90-day retention (INSERT … SELECT generate_series, in slices so no
// single statement holds a million rows' WAL). Used by intake.ts when it runs alone or finds none.
import { withPg } from "../../lib/users";

/** `rows` applied notifications received evenly between 455 and 91 days ago. */
export async function seedOldNotifications(databaseUrl: string, rows: number, log: (line: string) => void = () => {}) {
  const slice = 200_000;
  await withPg(databaseUrl, async (c) => {
    for (let from = 1; from <= rows; from += slice) {
      const to = Math.min(rows, from + slice - 1);
      await c.query(
        `INSERT INTO webhook_notifications (received_at, dedup_key, content_type, raw_body, body_length, fields, transaction_type,
           transaction_id, reference, status, amount, currency, event_time, verification, apply_state, applied_at)
         SELECT t, 'seed-old-' || g, 'application/json',
                '{"id":"old_' || g || '","transaction_type":"charge","reference":"order-' || g || '","amount":' || (1000 + g % 9000)
                  || ',"currency":"USD","status":"captured","payment_method":"card","sign":"' || md5(g::text) || md5((g + 1)::text) || '"}',
                260, jsonb_build_object('id', 'old_' || g, 'status', 'captured', 'amount', (1000 + g % 9000)::text, 'currency', 'USD'),
                'charge', 'old_' || g, 'order-' || g, 'captured', 1000 + g % 9000, 'USD', t, 'verified', 'applied', t
           FROM (SELECT g, now() - interval '91 days' - (g::double precision / $3) * interval '364 days' AS t
                   FROM generate_series($1::int, $2::int) g) s`,
        [from, to, rows],
      );
      log(`seeded ${to.toLocaleString("en-US")} old notifications`);
    }
    await c.query("ANALYZE webhook_notifications");
  });
}

/** How many notifications are past the 90-day retention (what retention will remove). */
export const oldNotifications = (databaseUrl: string) =>
  withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_notifications WHERE received_at < now() - interval '90 days'",
    );
    return rows[0]!.n;
  });
