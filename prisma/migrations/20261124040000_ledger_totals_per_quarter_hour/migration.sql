-- The totals the ledger keeps are per quarter hour (UTC), no longer per UTC day: a day of any
-- time zone (every zone is a whole number of quarter hours from UTC) is a sum of whole
-- buckets, so the home reads the merchant's reporting zone's days from about 96 rows a day and
-- currency instead of every ledger row of the month. Rebuilt from the ledger below.
DELETE FROM "ledger_daily_deltas";
DELETE FROM "ledger_daily";
ALTER TABLE "ledger_daily" DROP CONSTRAINT "ledger_daily_pkey";
ALTER TABLE "ledger_daily" DROP COLUMN "day";
ALTER TABLE "ledger_daily" ADD COLUMN "bucket" TIMESTAMPTZ(3) NOT NULL;
ALTER TABLE "ledger_daily" ADD CONSTRAINT "ledger_daily_pkey" PRIMARY KEY ("bucket", "currency");
ALTER TABLE "ledger_daily_deltas" DROP COLUMN "day";
ALTER TABLE "ledger_daily_deltas" ADD COLUMN "bucket" TIMESTAMPTZ(3) NOT NULL;

CREATE OR REPLACE FUNCTION ledger_daily_track() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE o_day timestamptz\073 o_cur text\073 o_g bigint := 0\073 o_r bigint := 0\073 o_gc bigint := 0\073 o_rc bigint := 0\073 n_day timestamptz\073 n_cur text\073 n_g bigint := 0\073 n_r bigint := 0\073 n_gc bigint := 0\073 n_rc bigint := 0\073 BEGIN IF TG_OP IN (''UPDATE'', ''DELETE'') THEN o_day := date_bin(''15 minutes'', OLD.time_created, ''2000-01-01 00:00:00+00'')\073 o_cur := OLD.currency\073 SELECT c.g, c.r, c.gc, c.rc INTO o_g, o_r, o_gc, o_rc FROM ledger_daily_contribution(OLD.type::text, OLD.status, OLD.amount, OLD.amount_captured, OLD.currency, OLD.cny_amount, OLD.parent_id) c\073 END IF\073 IF TG_OP IN (''INSERT'', ''UPDATE'') THEN n_day := date_bin(''15 minutes'', NEW.time_created, ''2000-01-01 00:00:00+00'')\073 n_cur := NEW.currency\073 SELECT c.g, c.r, c.gc, c.rc INTO n_g, n_r, n_gc, n_rc FROM ledger_daily_contribution(NEW.type::text, NEW.status, NEW.amount, NEW.amount_captured, NEW.currency, NEW.cny_amount, NEW.parent_id) c\073 END IF\073 IF TG_OP = ''UPDATE'' AND o_day = n_day AND o_cur = n_cur THEN IF n_g = o_g AND n_r = o_r AND n_gc = o_gc AND n_rc = o_rc THEN RETURN NULL\073 END IF\073 INSERT INTO ledger_daily_deltas (bucket, currency, gross, refunds, gross_cny, refunds_cny) VALUES (n_day, n_cur, n_g - o_g, n_r - o_r, n_gc - o_gc, n_rc - o_rc)\073 RETURN NULL\073 END IF\073 IF TG_OP <> ''INSERT'' AND (o_g <> 0 OR o_r <> 0) THEN INSERT INTO ledger_daily_deltas (bucket, currency, gross, refunds, gross_cny, refunds_cny) VALUES (o_day, o_cur, -o_g, -o_r, -o_gc, -o_rc)\073 END IF\073 IF TG_OP <> ''DELETE'' AND (n_g <> 0 OR n_r <> 0) THEN INSERT INTO ledger_daily_deltas (bucket, currency, gross, refunds, gross_cny, refunds_cny) VALUES (n_day, n_cur, n_g, n_r, n_gc, n_rc)\073 END IF\073 RETURN NULL\073 END\073';

CREATE OR REPLACE FUNCTION ledger_daily_fold() RETURNS bigint LANGUAGE sql AS
  E'WITH moved AS (DELETE FROM ledger_daily_deltas RETURNING bucket, currency, gross, refunds, gross_cny, refunds_cny), folded AS ( INSERT INTO ledger_daily AS d (bucket, currency, gross, refunds, gross_cny, refunds_cny) SELECT bucket, currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM moved GROUP BY bucket, currency ON CONFLICT (bucket, currency) DO UPDATE SET gross = d.gross + excluded.gross, refunds = d.refunds + excluded.refunds, gross_cny = d.gross_cny + excluded.gross_cny, refunds_cny = d.refunds_cny + excluded.refunds_cny RETURNING 1) SELECT count(*) FROM folded';

-- The rows already in the ledger.
INSERT INTO "ledger_daily" (bucket, currency, gross, refunds, gross_cny, refunds_cny)
SELECT date_bin('15 minutes', t.time_created, '2000-01-01 00:00:00+00'), t.currency, sum(c.g), sum(c.r), sum(c.gc), sum(c.rc)
  FROM ledger_transactions t,
       LATERAL ledger_daily_contribution(t.type::text, t.status, t.amount, t.amount_captured, t.currency, t.cny_amount, t.parent_id) c
 GROUP BY 1, 2
HAVING sum(c.g) <> 0 OR sum(c.r) <> 0;
