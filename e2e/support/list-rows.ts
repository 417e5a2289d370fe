import { ROLE_USERS, sql } from "./users";

// One row in every list, written straight to the test database, each carrying the run's marker
// so a spec can filter its list down to it. Inert states only (nothing a job would pick up).

export type SeededRows = ReturnType<typeof names>;

function names(run: string) {
  return {
    charge: `lw${run}charge000000`,
    reference: `lw-${run}-order-with-a-long-reference`,
    operation: `lw-${run}-refund`,
    approvalCharge: `lw${run}approval0000`,
    chargeback: `lw-${run}-case`,
    declaration: `lw-${run}-declaration`,
    token: `tok_lw${run}0000000000`,
    link: `lw-${run}-link`,
    action: `e2e.list_widths_${run}`,
  };
}

const LONG_BODY = (id: string) =>
  JSON.stringify({
    transaction: {
      id,
      type: "charge",
      status: "succeeded",
      amount: 123456,
      currency: "USD",
      reference: "x".repeat(40),
    },
    payment: {
      method: "card",
      data: { pan: "411111******1111", expiry: "12/30", holder: "A Very Long Cardholder Name" },
    },
    fields: "transaction.id,transaction.type,transaction.status,transaction.amount,transaction.currency",
    sign: "0".repeat(64),
  });

export async function seedListRows(run: string) {
  const n = names(run);
  const finance = ROLE_USERS.finance.email;
  const financeId = (await sql<{ id: string }>("SELECT id FROM users WHERE email = $1", [finance]))[0]!.id;
  const ledger = `INSERT INTO ledger_transactions
      (id, type, reference, method, status, amount, currency, country, pan_masked, consumer_reference,
       cny_amount, amount_captured, time_created, payload, source, updated_at)
    VALUES ($1, 'charge', $2, 'card', 'succeeded', $3, 'USD', 'US', '411111******1111', 'consumer-with-a-long-reference',
       876543, $3, now(), '{}', 'test', now())`;
  await sql(ledger, [n.charge, n.reference, 123456]);
  await sql(ledger, [n.approvalCharge, `${n.reference}-2`, 900000]);
  const operation = `INSERT INTO operations
      (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status,
       requested_by_id, requested_by_email, updated_at)
    VALUES (gen_random_uuid(), 'refund', $1, $2, $2, 'x', $3, 'USD', $4, $5, $6, now())`;
  await sql(operation, [n.charge, n.operation, 2500, "succeeded", financeId, finance]);
  await sql(operation, [n.approvalCharge, `${n.operation}-approval`, 3000, "pending_approval", financeId, finance]);
  await sql(
    `INSERT INTO webhook_notifications
       (dedup_key, content_type, raw_body, fields, transaction_type, transaction_id, reference, status, amount,
        currency, verification, apply_state, apply_detail, duplicates)
     VALUES ($1, 'application/json', $2, '{}', 'charge', $3, $4, 'succeeded', 123456, 'USD', 'verified', 'applied',
        'applied to the ledger', 2)`,
    [`lw-${run}`, LONG_BODY(n.charge), n.charge, n.reference],
  );
  await sql(
    `INSERT INTO chargebacks (id, charge_id, reference, amount, currency, status, opened_at, last_change_at, updated_at)
     VALUES ($1, $2, $3, 123456, 'USD', 'Notification of Claim', now(), now(), now())`,
    [n.chargeback, n.charge, n.reference],
  );
  const [declaration] = await sql<{ id: string }>(
    `INSERT INTO customs_declarations
       (id, idempotency_key, transaction_id, reference, vendor, payment_type, merchant_customs_code,
        merchant_customs_name, customs_location, is_split, source, created_by, created_by_id, parent_amount,
        parent_currency, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $1, 'alipay', 'alipay', 'MC-LONG-CODE-0001', 'A Merchant With A Long Name',
        'HANGZHOU', true, 'form', $3, $4, 123456, 'USD', now())
     RETURNING id`,
    [n.declaration, n.charge, finance, financeId],
  );
  for (const [i, no] of ["A", "B"].entries())
    await sql(
      `INSERT INTO customs_sub_orders (id, declaration_id, sub_order_no, state, customs_status, declare_number, order_fee, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 'submitted', 'PROCESSING', $3, 50000, now())`,
      [declaration!.id, `${n.declaration}-${no}`, `DN-${run}-${i}-0000000000`],
    );
  await sql(
    `INSERT INTO vault_tokens (token, status, source, reference, method, brand, pan_masked, expiry, consumer_name,
        consumer_email, consumer_reference, updated_at)
     VALUES ($1, 'active', 'add', $2, 'card', 'visa', '411111******1111', '12/30', 'Vera Long-Named Vault',
        'vera.long.named@example.com', 'consumer-with-a-long-reference', now())`,
    [n.token, `${n.reference}-card`],
  );
  await sql(
    `INSERT INTO payment_links (id, kind, vendor, reference, amount, currency, url, status, created_by, updated_at)
     VALUES (gen_random_uuid(), 'hosted', 'alipay', $1, 123456, 'USD', $2, 'expired', $3, now())`,
    [n.link, `http://127.0.0.1:4010/pay/${n.link}`, finance],
  );
  await sql(
    `INSERT INTO audit_log (action, result, actor_email, actor_role, target_type, target_id, amount, currency, reason, ip)
     VALUES ($1, 'ok', $2, 'finance', 'transaction', $3, 123456, 'USD', 'a reason long enough to wrap', '127.0.0.1')`,
    [n.action, finance, n.charge],
  );
  return n;
}

/** Everything seedListRows wrote that may be deleted (the audit log is append-only and keeps its row). */
export async function removeListRows(n: SeededRows) {
  await sql("DELETE FROM payment_links WHERE reference = $1", [n.link]);
  await sql("DELETE FROM vault_tokens WHERE token = $1", [n.token]);
  await sql("DELETE FROM customs_declarations WHERE reference = $1", [n.declaration]);
  await sql("DELETE FROM chargebacks WHERE id = $1", [n.chargeback]);
  await sql("DELETE FROM webhook_notifications WHERE transaction_id = $1", [n.charge]);
  await sql("DELETE FROM operations WHERE transaction_id = ANY($1)", [[n.charge, n.approvalCharge]]);
  await sql("DELETE FROM ledger_events WHERE transaction_id = ANY($1)", [[n.charge, n.approvalCharge]]);
  await sql("DELETE FROM ledger_transactions WHERE id = ANY($1)", [[n.charge, n.approvalCharge]]);
}
