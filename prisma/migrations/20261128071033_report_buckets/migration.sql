-- CreateTable
CREATE TABLE "report_buckets" (
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "rows" BIGINT NOT NULL DEFAULT 0,
    "charges" BIGINT NOT NULL DEFAULT 0,
    "charge_amount" BIGINT NOT NULL DEFAULT 0,
    "captured" BIGINT NOT NULL DEFAULT 0,
    "refunds" BIGINT NOT NULL DEFAULT 0,
    "refunded" BIGINT NOT NULL DEFAULT 0,
    "cancels" BIGINT NOT NULL DEFAULT 0,
    "disputed" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "report_buckets_pkey" PRIMARY KEY ("bucket","currency")
);

-- CreateTable
CREATE TABLE "report_bucket_deltas" (
    "id" BIGSERIAL NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "rows" BIGINT NOT NULL,
    "charges" BIGINT NOT NULL,
    "charge_amount" BIGINT NOT NULL,
    "captured" BIGINT NOT NULL,
    "refunds" BIGINT NOT NULL,
    "refunded" BIGINT NOT NULL,
    "cancels" BIGINT NOT NULL,
    "disputed" BIGINT NOT NULL,

    CONSTRAINT "report_bucket_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "report_bucket_deltas_bucket_idx" ON "report_bucket_deltas"("bucket");



-- What each ledger row adds to its quarter hour (UTC) and currency: every row, charges (count,
-- amount, captured), succeeded refunds (count, amount), canceled charges, and a charge with a
-- chargeback. Signed deltas are appended (no lock on a shared row), the minute sweep folds them
-- (lib/ledger/report-buckets.ts). A charge written and its first chargeback written at once are
-- counted once, whichever commits first: a ledger write takes a shared transaction lock on one of
-- 256 keys by the charge id, a chargeback statement the same keys exclusively (in key order). At
-- most 256 such locks a transaction, so a statement of any size fits the lock table.
CREATE FUNCTION report_buckets_track() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE k text\073 d int := 0\073 o_b timestamptz\073 o_cur text\073 o_ch int := 0\073 o_amt bigint := 0\073 o_cap bigint := 0\073 o_rf int := 0\073 o_rfa bigint := 0\073 o_cn int := 0\073 o_d int := 0\073 n_b timestamptz\073 n_cur text\073 n_ch int := 0\073 n_amt bigint := 0\073 n_cap bigint := 0\073 n_rf int := 0\073 n_rfa bigint := 0\073 n_cn int := 0\073 n_d int := 0\073 BEGIN IF TG_OP = ''DELETE'' THEN k := OLD.id\073 ELSE k := NEW.id\073 END IF\073 IF (TG_OP <> ''INSERT'' AND OLD.type = ''charge'') OR (TG_OP <> ''DELETE'' AND NEW.type = ''charge'') THEN PERFORM pg_advisory_xact_lock_shared(hashtext(''report_buckets.disputed''), hashtext(k) & 255)\073 IF EXISTS (SELECT 1 FROM chargebacks WHERE charge_id = k) THEN d := 1\073 END IF\073 END IF\073 IF TG_OP IN (''UPDATE'', ''DELETE'') THEN o_b := date_bin(''15 minutes'', OLD.time_created, ''2000-01-01 00:00:00+00'')\073 o_cur := OLD.currency\073 IF OLD.type = ''charge'' THEN o_ch := 1\073 o_amt := OLD.amount\073 o_cap := coalesce(OLD.amount_captured, 0)\073 o_d := d\073 IF OLD.status = ''canceled'' THEN o_cn := 1\073 END IF\073 ELSIF OLD.type = ''refund'' AND OLD.status = ''succeeded'' THEN o_rf := 1\073 o_rfa := OLD.amount\073 END IF\073 END IF\073 IF TG_OP IN (''INSERT'', ''UPDATE'') THEN n_b := date_bin(''15 minutes'', NEW.time_created, ''2000-01-01 00:00:00+00'')\073 n_cur := NEW.currency\073 IF NEW.type = ''charge'' THEN n_ch := 1\073 n_amt := NEW.amount\073 n_cap := coalesce(NEW.amount_captured, 0)\073 n_d := d\073 IF NEW.status = ''canceled'' THEN n_cn := 1\073 END IF\073 ELSIF NEW.type = ''refund'' AND NEW.status = ''succeeded'' THEN n_rf := 1\073 n_rfa := NEW.amount\073 END IF\073 END IF\073 IF TG_OP = ''UPDATE'' AND o_b = n_b AND o_cur = n_cur THEN IF (n_ch, n_amt, n_cap, n_rf, n_rfa, n_cn, n_d) = (o_ch, o_amt, o_cap, o_rf, o_rfa, o_cn, o_d) THEN RETURN NULL\073 END IF\073 INSERT INTO report_bucket_deltas (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) VALUES (n_b, n_cur, 0, n_ch - o_ch, n_amt - o_amt, n_cap - o_cap, n_rf - o_rf, n_rfa - o_rfa, n_cn - o_cn, n_d - o_d)\073 RETURN NULL\073 END IF\073 IF TG_OP <> ''INSERT'' THEN INSERT INTO report_bucket_deltas (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) VALUES (o_b, o_cur, -1, -o_ch, -o_amt, -o_cap, -o_rf, -o_rfa, -o_cn, -o_d)\073 END IF\073 IF TG_OP <> ''DELETE'' THEN INSERT INTO report_bucket_deltas (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) VALUES (n_b, n_cur, 1, n_ch, n_amt, n_cap, n_rf, n_rfa, n_cn, n_d)\073 END IF\073 RETURN NULL\073 END\073';

CREATE TRIGGER report_buckets_track
  AFTER INSERT OR DELETE OR UPDATE OF type, status, currency, time_created, amount, amount_captured
  ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION report_buckets_track();

-- A charge gains or loses its disputed mark when its first chargeback arrives or its last goes:
-- per statement, from what the statement changed (several rows of one charge count once).
CREATE FUNCTION report_disputed_flip(k text, before boolean) RETURNS void LANGUAGE plpgsql AS
  E'DECLARE after boolean\073 at timestamptz\073 cur text\073 BEGIN after := EXISTS (SELECT 1 FROM chargebacks WHERE charge_id = k)\073 IF before = after THEN RETURN\073 END IF\073 SELECT time_created, currency INTO at, cur FROM ledger_transactions WHERE id = k AND type = ''charge''\073 IF FOUND THEN INSERT INTO report_bucket_deltas (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) VALUES (date_bin(''15 minutes'', at, ''2000-01-01 00:00:00+00''), cur, 0, 0, 0, 0, 0, 0, 0, CASE WHEN after THEN 1 ELSE -1 END)\073 END IF\073 END\073';

CREATE FUNCTION report_disputed_insert() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE k text\073 BEGIN PERFORM pg_advisory_xact_lock(hashtext(''report_buckets.disputed''), b) FROM (SELECT DISTINCT hashtext(charge_id) & 255 AS b FROM report_new WHERE charge_id IS NOT NULL ORDER BY 1) x\073 FOR k IN SELECT DISTINCT charge_id FROM report_new WHERE charge_id IS NOT NULL ORDER BY 1 LOOP PERFORM report_disputed_flip(k, EXISTS (SELECT 1 FROM chargebacks c WHERE c.charge_id = k AND c.id NOT IN (SELECT id FROM report_new)))\073 END LOOP\073 RETURN NULL\073 END\073';

CREATE FUNCTION report_disputed_delete() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE k text\073 BEGIN PERFORM pg_advisory_xact_lock(hashtext(''report_buckets.disputed''), b) FROM (SELECT DISTINCT hashtext(charge_id) & 255 AS b FROM report_old WHERE charge_id IS NOT NULL ORDER BY 1) x\073 FOR k IN SELECT DISTINCT charge_id FROM report_old WHERE charge_id IS NOT NULL ORDER BY 1 LOOP PERFORM report_disputed_flip(k, true)\073 END LOOP\073 RETURN NULL\073 END\073';

CREATE FUNCTION report_disputed_update() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE k text\073 BEGIN IF NOT EXISTS (SELECT 1 FROM report_old o JOIN report_new n ON n.id = o.id WHERE o.charge_id IS DISTINCT FROM n.charge_id) THEN RETURN NULL\073 END IF\073 PERFORM pg_advisory_xact_lock(hashtext(''report_buckets.disputed''), b) FROM (SELECT DISTINCT hashtext(charge_id) & 255 AS b FROM (SELECT charge_id FROM report_old UNION SELECT charge_id FROM report_new) c WHERE charge_id IS NOT NULL ORDER BY 1) x\073 FOR k IN SELECT charge_id FROM report_old WHERE charge_id IS NOT NULL UNION SELECT charge_id FROM report_new WHERE charge_id IS NOT NULL ORDER BY 1 LOOP PERFORM report_disputed_flip(k, EXISTS (SELECT 1 FROM report_old WHERE charge_id = k) OR EXISTS (SELECT 1 FROM chargebacks c WHERE c.charge_id = k AND c.id NOT IN (SELECT id FROM report_new)))\073 END LOOP\073 RETURN NULL\073 END\073';

CREATE TRIGGER report_disputed_insert AFTER INSERT ON chargebacks
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_disputed_insert();

CREATE TRIGGER report_disputed_delete AFTER DELETE ON chargebacks
  REFERENCING OLD TABLE AS report_old FOR EACH STATEMENT EXECUTE FUNCTION report_disputed_delete();

CREATE TRIGGER report_disputed_update AFTER UPDATE ON chargebacks
  REFERENCING OLD TABLE AS report_old NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_disputed_update();

CREATE FUNCTION report_buckets_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM report_bucket_deltas\073 DELETE FROM report_buckets\073 RETURN NULL\073 END\073';

CREATE TRIGGER report_buckets_truncate AFTER TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION report_buckets_truncate();

CREATE FUNCTION report_disputed_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN UPDATE report_bucket_deltas SET disputed = 0 WHERE disputed <> 0\073 UPDATE report_buckets SET disputed = 0 WHERE disputed <> 0\073 RETURN NULL\073 END\073';

CREATE TRIGGER report_disputed_truncate AFTER TRUNCATE ON chargebacks
  FOR EACH STATEMENT EXECUTE FUNCTION report_disputed_truncate();

CREATE FUNCTION report_buckets_fold() RETURNS bigint LANGUAGE sql AS
  E'WITH moved AS (DELETE FROM report_bucket_deltas RETURNING *), up AS ( INSERT INTO report_buckets AS r (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT bucket, currency, sum(rows), sum(charges), sum(charge_amount), sum(captured), sum(refunds), sum(refunded), sum(cancels), sum(disputed) FROM moved GROUP BY bucket, currency ON CONFLICT (bucket, currency) DO UPDATE SET rows = r.rows + excluded.rows, charges = r.charges + excluded.charges, charge_amount = r.charge_amount + excluded.charge_amount, captured = r.captured + excluded.captured, refunds = r.refunds + excluded.refunds, refunded = r.refunded + excluded.refunded, cancels = r.cancels + excluded.cancels, disputed = r.disputed + excluded.disputed RETURNING 1) SELECT count(*) FROM up';

-- Recounts everything from the ledger and the chargebacks: this migration, or a bulk load that ran without triggers.
CREATE FUNCTION report_buckets_rebuild() RETURNS bigint LANGUAGE plpgsql AS
  E'BEGIN LOCK TABLE ledger_transactions IN SHARE MODE\073 LOCK TABLE chargebacks IN SHARE MODE\073 DELETE FROM report_bucket_deltas\073 DELETE FROM report_buckets\073 INSERT INTO report_buckets (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT date_bin(''15 minutes'', t.time_created, ''2000-01-01 00:00:00+00''), t.currency, count(*), count(*) FILTER (WHERE t.type = ''charge''), coalesce(sum(t.amount) FILTER (WHERE t.type = ''charge''), 0), coalesce(sum(t.amount_captured) FILTER (WHERE t.type = ''charge''), 0), count(*) FILTER (WHERE t.type = ''refund'' AND t.status = ''succeeded''), coalesce(sum(t.amount) FILTER (WHERE t.type = ''refund'' AND t.status = ''succeeded''), 0), count(*) FILTER (WHERE t.type = ''charge'' AND t.status = ''canceled''), count(*) FILTER (WHERE t.type = ''charge'' AND d.charge_id IS NOT NULL) FROM ledger_transactions t LEFT JOIN (SELECT DISTINCT charge_id FROM chargebacks WHERE charge_id IS NOT NULL) d ON d.charge_id = t.id GROUP BY 1, 2\073 RETURN (SELECT count(*) FROM report_buckets)\073 END\073';

SELECT report_buckets_rebuild();
