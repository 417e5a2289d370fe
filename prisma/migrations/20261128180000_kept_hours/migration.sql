-- The kept quarter-hour totals (ledger_daily for the home chart, report_buckets for the Reports
-- page) summed per UTC hour as well, kept by statement triggers on the quarter-hour tables
-- themselves, so every writer of those (the minute fold, a rebuild, a truncate) keeps the hours
-- too. A day of a zone a whole number of hours from UTC is whole hours, 24 rows a day and
-- currency instead of 96 (the 30 days of the home chart took 64 ms of its 100 at ten million
-- ledger rows, issue 36). A zone 30 or 45 minutes off reads the hour each of its days starts
-- inside by its quarters (lib/ledger/kept-hours.ts).
-- The JS migration engine splits scripts at every semicolon, even inside a function body, and
-- reads a quote in a comment as the start of a string. The bodies write their semicolons as the
-- escape \073 (as in the init migration), and no comment here has either.

CREATE TABLE "ledger_daily_hours" (
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "currency" TEXT NOT NULL,
    "gross" BIGINT NOT NULL DEFAULT 0,
    "refunds" BIGINT NOT NULL DEFAULT 0,
    "gross_cny" BIGINT NOT NULL DEFAULT 0,
    "refunds_cny" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ledger_daily_hours_pkey" PRIMARY KEY ("bucket","currency")
);

-- What a statement changes in ledger_daily, summed per hour, in hour order so that two writers meet
-- in one order.
CREATE FUNCTION ledger_daily_hours_track() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN IF TG_OP = ''INSERT'' THEN INSERT INTO ledger_daily_hours AS h (bucket, currency, gross, refunds, gross_cny, refunds_cny) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM (SELECT bucket, currency, gross, refunds, gross_cny, refunds_cny FROM kept_new) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET gross = h.gross + excluded.gross, refunds = h.refunds + excluded.refunds, gross_cny = h.gross_cny + excluded.gross_cny, refunds_cny = h.refunds_cny + excluded.refunds_cny\073 ELSIF TG_OP = ''DELETE'' THEN INSERT INTO ledger_daily_hours AS h (bucket, currency, gross, refunds, gross_cny, refunds_cny) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM (SELECT bucket, currency, -gross AS gross, -refunds AS refunds, -gross_cny AS gross_cny, -refunds_cny AS refunds_cny FROM kept_old) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET gross = h.gross + excluded.gross, refunds = h.refunds + excluded.refunds, gross_cny = h.gross_cny + excluded.gross_cny, refunds_cny = h.refunds_cny + excluded.refunds_cny\073 ELSE INSERT INTO ledger_daily_hours AS h (bucket, currency, gross, refunds, gross_cny, refunds_cny) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM (SELECT bucket, currency, gross, refunds, gross_cny, refunds_cny FROM kept_new UNION ALL SELECT bucket, currency, -gross AS gross, -refunds AS refunds, -gross_cny AS gross_cny, -refunds_cny AS refunds_cny FROM kept_old) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET gross = h.gross + excluded.gross, refunds = h.refunds + excluded.refunds, gross_cny = h.gross_cny + excluded.gross_cny, refunds_cny = h.refunds_cny + excluded.refunds_cny\073 END IF\073 RETURN NULL\073 END\073';

CREATE TRIGGER ledger_daily_hours_insert AFTER INSERT ON ledger_daily REFERENCING NEW TABLE AS kept_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_hours_track();
CREATE TRIGGER ledger_daily_hours_update AFTER UPDATE ON ledger_daily REFERENCING OLD TABLE AS kept_old NEW TABLE AS kept_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_hours_track();
CREATE TRIGGER ledger_daily_hours_delete AFTER DELETE ON ledger_daily REFERENCING OLD TABLE AS kept_old
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_hours_track();

CREATE FUNCTION ledger_daily_hours_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM ledger_daily_hours\073 RETURN NULL\073 END\073';
CREATE TRIGGER ledger_daily_hours_truncate AFTER TRUNCATE ON ledger_daily
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_hours_truncate();

-- The hours from the quarter hours, written in time order so that a range lies in few pages, with
-- the writers of those held off (SHARE waits for a fold in
-- flight), so a fold between the creation of the triggers and this is neither lost nor counted
-- twice. The backfill of this migration, and of bench:scale after its load without triggers.
CREATE FUNCTION ledger_daily_hours_rebuild() RETURNS bigint LANGUAGE plpgsql AS
  E'BEGIN LOCK TABLE ledger_daily IN SHARE MODE\073 DELETE FROM ledger_daily_hours\073 INSERT INTO ledger_daily_hours (bucket, currency, gross, refunds, gross_cny, refunds_cny) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM ledger_daily GROUP BY 1, 2 ORDER BY 1, 2\073 RETURN (SELECT count(*) FROM ledger_daily_hours)\073 END\073';

SELECT ledger_daily_hours_rebuild();

CREATE TABLE "report_hours" (
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

    CONSTRAINT "report_hours_pkey" PRIMARY KEY ("bucket","currency")
);

-- What a statement changes in report_buckets, summed per hour, in hour order so that two writers meet
-- in one order.
CREATE FUNCTION report_hours_track() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN IF TG_OP = ''INSERT'' THEN INSERT INTO report_hours AS h (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(rows), sum(charges), sum(charge_amount), sum(captured), sum(refunds), sum(refunded), sum(cancels), sum(disputed) FROM (SELECT bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed FROM kept_new) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET rows = h.rows + excluded.rows, charges = h.charges + excluded.charges, charge_amount = h.charge_amount + excluded.charge_amount, captured = h.captured + excluded.captured, refunds = h.refunds + excluded.refunds, refunded = h.refunded + excluded.refunded, cancels = h.cancels + excluded.cancels, disputed = h.disputed + excluded.disputed\073 ELSIF TG_OP = ''DELETE'' THEN INSERT INTO report_hours AS h (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(rows), sum(charges), sum(charge_amount), sum(captured), sum(refunds), sum(refunded), sum(cancels), sum(disputed) FROM (SELECT bucket, currency, -rows AS rows, -charges AS charges, -charge_amount AS charge_amount, -captured AS captured, -refunds AS refunds, -refunded AS refunded, -cancels AS cancels, -disputed AS disputed FROM kept_old) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET rows = h.rows + excluded.rows, charges = h.charges + excluded.charges, charge_amount = h.charge_amount + excluded.charge_amount, captured = h.captured + excluded.captured, refunds = h.refunds + excluded.refunds, refunded = h.refunded + excluded.refunded, cancels = h.cancels + excluded.cancels, disputed = h.disputed + excluded.disputed\073 ELSE INSERT INTO report_hours AS h (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(rows), sum(charges), sum(charge_amount), sum(captured), sum(refunds), sum(refunded), sum(cancels), sum(disputed) FROM (SELECT bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed FROM kept_new UNION ALL SELECT bucket, currency, -rows AS rows, -charges AS charges, -charge_amount AS charge_amount, -captured AS captured, -refunds AS refunds, -refunded AS refunded, -cancels AS cancels, -disputed AS disputed FROM kept_old) x GROUP BY 1, 2 ORDER BY 1, 2 ON CONFLICT (bucket, currency) DO UPDATE SET rows = h.rows + excluded.rows, charges = h.charges + excluded.charges, charge_amount = h.charge_amount + excluded.charge_amount, captured = h.captured + excluded.captured, refunds = h.refunds + excluded.refunds, refunded = h.refunded + excluded.refunded, cancels = h.cancels + excluded.cancels, disputed = h.disputed + excluded.disputed\073 END IF\073 RETURN NULL\073 END\073';

CREATE TRIGGER report_hours_insert AFTER INSERT ON report_buckets REFERENCING NEW TABLE AS kept_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_track();
CREATE TRIGGER report_hours_update AFTER UPDATE ON report_buckets REFERENCING OLD TABLE AS kept_old NEW TABLE AS kept_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_track();
CREATE TRIGGER report_hours_delete AFTER DELETE ON report_buckets REFERENCING OLD TABLE AS kept_old
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_track();

CREATE FUNCTION report_hours_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM report_hours\073 RETURN NULL\073 END\073';
CREATE TRIGGER report_hours_truncate AFTER TRUNCATE ON report_buckets
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_truncate();

-- The hours from the quarter hours, written in time order so that a range lies in few pages, with
-- the writers of those held off (SHARE waits for a fold in
-- flight), so a fold between the creation of the triggers and this is neither lost nor counted
-- twice. The backfill of this migration, and of bench:scale after its load without triggers.
CREATE FUNCTION report_hours_rebuild() RETURNS bigint LANGUAGE plpgsql AS
  E'BEGIN LOCK TABLE report_buckets IN SHARE MODE\073 DELETE FROM report_hours\073 INSERT INTO report_hours (bucket, currency, rows, charges, charge_amount, captured, refunds, refunded, cancels, disputed) SELECT date_bin(''1 hour'', bucket, ''2000-01-01 00:00:00+00''), currency, sum(rows), sum(charges), sum(charge_amount), sum(captured), sum(refunds), sum(refunded), sum(cancels), sum(disputed) FROM report_buckets GROUP BY 1, 2 ORDER BY 1, 2\073 RETURN (SELECT count(*) FROM report_hours)\073 END\073';

SELECT report_hours_rebuild();
