-- Daily reconciliation (issue 34, items 6 and 7): runs that ask the provider about each charge
-- in scope, and the differences found, kept for a person. No apostrophes or semicolons in
-- these comments: the migration engine splits and quotes on them.

-- CreateEnum
CREATE TYPE "ReconciliationTrigger" AS ENUM ('schedule', 'manual');

-- CreateEnum
CREATE TYPE "ReconciliationExceptionKind" AS ENUM ('applied', 'provider_behind', 'contradiction', 'unknown_refund', 'unknown_chargeback', 'missing_at_provider');

-- CreateTable
CREATE TABLE "reconciliation_runs" (
    "id" UUID NOT NULL,
    "trigger" "ReconciliationTrigger" NOT NULL,
    "started_by_id" UUID,
    "started_by_email" TEXT,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "cursor" TEXT,
    "checked" INTEGER NOT NULL DEFAULT 0,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "exceptions" INTEGER NOT NULL DEFAULT 0,
    "applied" INTEGER NOT NULL DEFAULT 0,
    "failure" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "reconciliation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciliation_exceptions" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "last_run_id" UUID NOT NULL,
    "charge_id" TEXT NOT NULL,
    "kind" "ReconciliationExceptionKind" NOT NULL,
    "subject" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "ledger" JSONB NOT NULL,
    "provider" JSONB NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" UUID,
    "resolved_by_email" TEXT,
    "resolution" TEXT,

    CONSTRAINT "reconciliation_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reconciliation_runs_started_at_idx" ON "reconciliation_runs"("started_at" DESC);

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_resolved_at_kind_first_seen_at_idx" ON "reconciliation_exceptions"("resolved_at", "kind", "first_seen_at");

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_charge_id_idx" ON "reconciliation_exceptions"("charge_id");

-- CreateIndex
CREATE INDEX "reconciliation_exceptions_first_seen_at_id_idx" ON "reconciliation_exceptions"("first_seen_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "reconciliation_runs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- One run at a time, held by the database: a second unfinished run cannot be inserted.
CREATE UNIQUE INDEX "reconciliation_runs_one_running" ON "reconciliation_runs" ((true)) WHERE "finished_at" IS NULL;

-- One open exception per charge, kind and subject: a later run seeing it again updates that row.
CREATE UNIQUE INDEX "reconciliation_exceptions_one_open" ON "reconciliation_exceptions" ("charge_id", "kind", "subject") WHERE "resolved_at" IS NULL;
