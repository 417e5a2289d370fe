-- CreateTable
CREATE TABLE "ledger_daily" (
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "gross" BIGINT NOT NULL DEFAULT 0,
    "refunds" BIGINT NOT NULL DEFAULT 0,
    "gross_cny" BIGINT NOT NULL DEFAULT 0,
    "refunds_cny" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ledger_daily_pkey" PRIMARY KEY ("day","currency")
);

-- CreateTable
CREATE TABLE "ledger_daily_deltas" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "currency" TEXT NOT NULL,
    "gross" BIGINT NOT NULL,
    "refunds" BIGINT NOT NULL,
    "gross_cny" BIGINT NOT NULL,
    "refunds_cny" BIGINT NOT NULL,

    CONSTRAINT "ledger_daily_deltas_pkey" PRIMARY KEY ("id")
);


-- What one ledger row adds to its day: a charge its captured amount, a succeeded refund its
-- amount, each also in CNY where known (the own CNY amount of the row, or the rate of its parent charge).
CREATE FUNCTION ledger_daily_contribution(a_type text, a_status text, a_amount bigint, a_captured bigint, a_currency text, a_cny bigint, a_parent text, OUT g bigint, OUT r bigint, OUT gc bigint, OUT rc bigint)
  LANGUAGE sql STABLE AS
  E'SELECT x.g, x.r, CASE WHEN a_currency = ''CNY'' THEN x.g WHEN a_cny IS NOT NULL AND a_amount > 0 THEN round(x.g::numeric * a_cny / a_amount)::bigint ELSE 0 END, CASE WHEN a_currency = ''CNY'' THEN x.r WHEN a_cny IS NOT NULL AND a_amount > 0 THEN round(x.r::numeric * a_cny / a_amount)::bigint WHEN x.r > 0 THEN coalesce((SELECT round(x.r::numeric * p.cny_amount / p.amount)::bigint FROM ledger_transactions p WHERE p.id = a_parent AND p.cny_amount IS NOT NULL AND p.amount > 0), 0) ELSE 0 END FROM (SELECT CASE WHEN a_type = ''charge'' THEN coalesce(a_captured, 0) ELSE 0 END AS g, CASE WHEN a_type = ''refund'' AND a_status = ''succeeded'' THEN a_amount ELSE 0 END AS r) x';

-- Appends the change of the contribution of a row as signed deltas: no row is updated in place,
-- so concurrent ledger writers never wait on one another here.
CREATE FUNCTION ledger_daily_track() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE o_day date\073 o_cur text\073 o_g bigint := 0\073 o_r bigint := 0\073 o_gc bigint := 0\073 o_rc bigint := 0\073 n_day date\073 n_cur text\073 n_g bigint := 0\073 n_r bigint := 0\073 n_gc bigint := 0\073 n_rc bigint := 0\073 BEGIN IF TG_OP IN (''UPDATE'', ''DELETE'') THEN o_day := (OLD.time_created AT TIME ZONE ''UTC'')::date\073 o_cur := OLD.currency\073 SELECT c.g, c.r, c.gc, c.rc INTO o_g, o_r, o_gc, o_rc FROM ledger_daily_contribution(OLD.type::text, OLD.status, OLD.amount, OLD.amount_captured, OLD.currency, OLD.cny_amount, OLD.parent_id) c\073 END IF\073 IF TG_OP IN (''INSERT'', ''UPDATE'') THEN n_day := (NEW.time_created AT TIME ZONE ''UTC'')::date\073 n_cur := NEW.currency\073 SELECT c.g, c.r, c.gc, c.rc INTO n_g, n_r, n_gc, n_rc FROM ledger_daily_contribution(NEW.type::text, NEW.status, NEW.amount, NEW.amount_captured, NEW.currency, NEW.cny_amount, NEW.parent_id) c\073 END IF\073 IF TG_OP = ''UPDATE'' AND o_day = n_day AND o_cur = n_cur THEN IF n_g = o_g AND n_r = o_r AND n_gc = o_gc AND n_rc = o_rc THEN RETURN NULL\073 END IF\073 INSERT INTO ledger_daily_deltas (day, currency, gross, refunds, gross_cny, refunds_cny) VALUES (n_day, n_cur, n_g - o_g, n_r - o_r, n_gc - o_gc, n_rc - o_rc)\073 RETURN NULL\073 END IF\073 IF TG_OP <> ''INSERT'' AND (o_g <> 0 OR o_r <> 0) THEN INSERT INTO ledger_daily_deltas (day, currency, gross, refunds, gross_cny, refunds_cny) VALUES (o_day, o_cur, -o_g, -o_r, -o_gc, -o_rc)\073 END IF\073 IF TG_OP <> ''DELETE'' AND (n_g <> 0 OR n_r <> 0) THEN INSERT INTO ledger_daily_deltas (day, currency, gross, refunds, gross_cny, refunds_cny) VALUES (n_day, n_cur, n_g, n_r, n_gc, n_rc)\073 END IF\073 RETURN NULL\073 END\073';

CREATE TRIGGER ledger_daily_insert_delete
  AFTER INSERT OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_daily_track();

CREATE TRIGGER ledger_daily_update
  AFTER UPDATE OF type, status, amount, amount_captured, currency, cny_amount, time_created, parent_id ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_daily_track();

CREATE FUNCTION ledger_daily_reset() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM ledger_daily\073 DELETE FROM ledger_daily_deltas\073 RETURN NULL\073 END\073';

CREATE TRIGGER ledger_daily_truncate
  AFTER TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_daily_reset();

-- Folds the deltas into the daily rows in one statement (the minute sweep runs it), and two
-- instances folding at once never count a delta twice (DELETE … RETURNING takes each once).
CREATE FUNCTION ledger_daily_fold() RETURNS bigint LANGUAGE sql AS
  E'WITH moved AS (DELETE FROM ledger_daily_deltas RETURNING day, currency, gross, refunds, gross_cny, refunds_cny), folded AS ( INSERT INTO ledger_daily AS d (day, currency, gross, refunds, gross_cny, refunds_cny) SELECT day, currency, sum(gross), sum(refunds), sum(gross_cny), sum(refunds_cny) FROM moved GROUP BY day, currency ON CONFLICT (day, currency) DO UPDATE SET gross = d.gross + excluded.gross, refunds = d.refunds + excluded.refunds, gross_cny = d.gross_cny + excluded.gross_cny, refunds_cny = d.refunds_cny + excluded.refunds_cny RETURNING 1) SELECT count(*) FROM folded';

-- The rows already in the ledger.
INSERT INTO ledger_daily (day, currency, gross, refunds, gross_cny, refunds_cny)
SELECT (t.time_created AT TIME ZONE 'UTC')::date, t.currency, sum(c.g), sum(c.r), sum(c.gc), sum(c.rc)
  FROM ledger_transactions t,
       LATERAL ledger_daily_contribution(t.type::text, t.status, t.amount, t.amount_captured, t.currency, t.cny_amount, t.parent_id) c
 GROUP BY 1, 2
HAVING sum(c.g) <> 0 OR sum(c.r) <> 0;
