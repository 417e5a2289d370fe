import { db } from "@/lib/platform/db";
import { declarationRow, ledgerRow } from "@/test/factories";
import { signedInAs } from "@/test/route-session";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A few rows of every kind the routes' answers test reads; the ids of those it reads one by one. */
export async function seedAnswers(viewer: string, manager: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const admin = await signedInAs("admin");
  const customer = `cust-${unique()}`;
  ids.customer = customer;
  await db.savedView.create({ data: { userId: viewer, list: "transactions", name: "USD", query: "currency=USD" } });
  const gone = { userId: viewer, list: "transactions", name: "Gone", query: "currency=EUR" };
  ids.view = (await db.savedView.create({ data: gone })).id;
  const charge = await db.ledgerTransaction.create({
    data: ledgerRow({
      amountCaptured: 999n,
      reference: `ans-${unique()}`,
      method: "visa",
      consumerReference: customer,
    }),
  });
  ids.charge = charge.id;
  await db.ledgerEvent.create({
    data: {
      transactionId: charge.id,
      kind: "inquiry",
      summary: "Refreshed",
      detail: { text: { key: "refreshed", values: { status: "succeeded" } } },
    },
  });
  await db.ledgerTransaction.create({ data: ledgerRow({ type: "refund", parentId: charge.id, amount: 100n }) });
  const refundOn = async (amount: bigint, status: "succeeded" | "pending_approval", shippingVendor?: string) =>
    (
      await db.operation.create({
        data: {
          kind: "refund",
          transactionId: charge.id,
          reference: `rfd_${unique()}`,
          idempotencyKey: unique(),
          requestHash: "h",
          amount,
          currency: "USD",
          status,
          shippingVendor,
          requestedById: admin.id,
          requestedByEmail: "req@example.com",
        },
      })
    ).id;
  for (const status of ["succeeded", "pending_approval"] as const) ids.operation = await refundOn(100n, status, "dhl");
  for (const [kind, status] of [
    ["hosted", "initiated"],
    ["qr", "initiated"],
    ["qr", "unknown"],
  ] as const) {
    const reference = `ans-${unique()}`;
    ids.link = await db.paymentLink
      .create({
        data: {
          kind,
          vendor: "alipay",
          reference,
          amount: 10_000n,
          currency: "USD",
          url: `https://pay.example/${reference}`,
          asked: { callback_url: "https://shop.example/back", allow_duplicates: "yes" },
          status,
          createdBy: "ops@example.com",
        },
      })
      .then((l) => l.id);
  }
  for (const [i, applyDetail] of [
    "Status pending → succeeded.",
    "Amounts brought up to date, and it is not confirmed yet: Already succeeded.",
    null,
  ].entries())
    ids.notification = String(
      (
        await db.webhookNotification.create({
          data: {
            dedupKey: `answers-${unique()}`,
            contentType: "application/x-www-form-urlencoded",
            rawBody: "transaction_type=charge",
            fields: {},
            transactionType: "charge",
            transactionId: charge.id,
            amount: i === 2 ? null : 999n,
            currency: "USD",
            verification: "verified",
            applyState: applyDetail ? "applied" : "pending",
            applyDetail,
          },
        })
      ).id,
    );
  ids.batch = (
    await db.refundBatch.create({
      data: {
        createdById: admin.id,
        createdByEmail: "finance@example.com",
        source: "selection",
        status: "approved",
        totals: { USD: 100 },
        rows: {
          create: [
            {
              rowIndex: 1,
              given: charge.id,
              transactionId: charge.id,
              amount: 100n,
              currency: "USD",
              status: "pending",
            },
            {
              rowIndex: 2,
              given: "nothing",
              amount: 5n,
              currency: "USD",
              status: "skipped",
              failureReason: "No such charge.",
            },
          ],
        },
      },
    })
  ).id;
  await db.auditLog.create({
    data: {
      actorId: admin.id,
      actorEmail: "admin@example.com",
      actorRole: "admin",
      action: "transactions.export",
      result: "ok",
      targetType: "user",
      targetId: admin.id,
      detail: { rows: 12, stopped: null },
    },
  });
  const now = Date.now();
  ids.chargeback = `cb_${unique()}`;
  await db.chargeback.create({
    data: {
      id: ids.chargeback,
      chargeId: charge.id,
      listedChargeId: charge.id,
      amount: 4200n,
      currency: "USD",
      status: "Notification of Claim",
      openedAt: new Date(now - 3 * 86_400_000),
      lastChangeAt: new Date(now - 3 * 86_400_000),
      ownerId: admin.id,
      history: { create: [{ status: "Notification of Claim", at: new Date(now - 3 * 86_400_000), source: "webhook" }] },
      notes: { create: [{ authorId: admin.id, authorEmail: "admin@example.com", body: "Asked for proof." }] },
      files: {
        create: [
          {
            name: "receipt.pdf",
            contentType: "application/pdf",
            size: 4,
            sha256: "0".repeat(64),
            data: Buffer.from("%PDF"),
            uploadedById: admin.id,
            uploadedBy: "admin@example.com",
          },
        ],
      },
    },
  });
  ids.declaration = (
    await db.customsDeclaration.create({
      data: {
        ...declarationRow(`ans-${unique()}`),
        transactionId: charge.id,
        subOrders: {
          create: [
            { subOrderNo: "S1", state: "corrected", productFee: 500n, vendorRequest: "trade_no=T1" },
            { subOrderNo: "S2", state: "submitted", declareNumber: "D2", customsStatus: "SUCCESS" },
          ],
        },
      },
    })
  ).id;
  const run = await db.reconciliationRun.create({
    data: {
      trigger: "manual",
      startedById: admin.id,
      startedByEmail: "admin@example.com",
      since: new Date(now - 86_400_000),
      finishedAt: new Date(now),
      notChecked: ["x1"],
    },
  });
  ids.exception = await db.reconciliationException
    .create({
      data: {
        runId: run.id,
        lastRunId: run.id,
        chargeId: charge.id,
        kind: "provider_behind",
        subject: "status",
        currency: "USD",
        ledger: { status: "succeeded", amount: 999 },
        provider: { present: false },
      },
    })
    .then((e) => e.id);
  ids.token = `tok_${unique()}`;
  await db.vaultToken.create({
    data: {
      token: ids.token,
      brand: "visa",
      panMasked: "411111******1111",
      status: "active",
      source: "add",
      consumerEmail: "answers@example.com",
      consumerReference: customer,
    },
  });
  const note = await db.transactionNote.create({
    data: {
      transactionId: charge.id,
      authorId: viewer,
      authorEmail: "a@example.com",
      authorName: "A",
      body: "Called.",
    },
  });
  ids.note = String(note.id);
  const pending = await db.pendingChange.create({
    data: {
      kind: "settings.update",
      payload: {},
      summary: { lines: ["Refund threshold: 100 → 200"] },
      requestedById: admin.id,
      requestedByEmail: "admin@example.com",
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  ids.pending = pending.id;
  const waiting = { kind: "settings.update", payload: {}, summary: { lines: ["Refund threshold: 100 → 300"] } };
  const hour = new Date(Date.now() + 3_600_000);
  const by = (id: string) => ({ ...waiting, requestedById: id, requestedByEmail: "x@example.com", expiresAt: hour });
  ids.rejectable = (await db.pendingChange.create({ data: by(admin.id) })).id;
  ids.ownChange = (await db.pendingChange.create({ data: by(viewer) })).id;
  const unthresholded = ledgerRow({ currency: "XTS", amountCaptured: 999n, reference: `ans-${unique()}` });
  const awaiting = { createdById: admin.id, createdByEmail: "a@example.com", source: "selection" as const };
  ids.awaitingBatch = (
    await db.refundBatch.create({ data: { ...awaiting, status: "awaiting_approval", totals: { USD: 100 } } })
  ).id;
  await db.session.updateMany({ where: { userId: manager }, data: { steppedUpAt: new Date() } });
  const weekly = { userId: viewer, report: "dailySummary" as const, frequency: "weekly" as const };
  ids.subscription = (await db.reportSubscription.create({ data: weekly })).id;
  ids.untied = `cb_${unique()}`;
  await db.chargeback.create({
    data: {
      id: ids.untied,
      amount: 500n,
      currency: "USD",
      status: "Notification of Claim",
      openedAt: new Date(now),
      lastChangeAt: new Date(now),
    },
  });
  const caseNote = { chargebackId: ids.chargeback, authorId: manager, authorEmail: "m@example.com", body: "Asked." };
  ids.caseNote = String((await db.chargebackNote.create({ data: caseNote })).id);
  ids.unthresholded = (await db.ledgerTransaction.create({ data: unthresholded })).id;
  ids.waiting = await refundOn(50n, "pending_approval");
  await db.notificationEvent.create({
    data: {
      kind: "refundApproved",
      params: { reference: "rfd_1", amountMinor: 100, currency: "USD" },
      link: `/transactions/${charge.id}`,
      deliveries: { create: [{ userId: viewer, channel: "console" }] },
    },
  });
  return ids;
}
