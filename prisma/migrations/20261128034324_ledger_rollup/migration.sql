-- CreateTable
CREATE TABLE "ledger_rollup" (
    "grain" TEXT NOT NULL,
    "start" DATE NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "n" BIGINT NOT NULL DEFAULT 0,
    "net" BIGINT NOT NULL DEFAULT 0,
    "authorized" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ledger_rollup_pkey" PRIMARY KEY ("grain","start","type","status","method","currency","country")
);

-- CreateTable
CREATE TABLE "ledger_rollup_deltas" (
    "id" BIGSERIAL NOT NULL,
    "day" DATE NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "n" BIGINT NOT NULL,
    "net" BIGINT NOT NULL,
    "authorized" BIGINT NOT NULL,

    CONSTRAINT "ledger_rollup_deltas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_rollup_deltas_day_idx" ON "ledger_rollup_deltas"("day");


-- grain is d, m or y: only ledger_rollup_fold and ledger_rollup_rebuild write this table (no CHECK
-- constraint: the schema engine of the drift check fails on them, see the operations migration).

-- What one ledger row nets (captured − refunded): the rule of ledger_daily_contribution, g − r,
-- from the row alone. And what it holds authorized and not yet captured.
CREATE FUNCTION ledger_rollup_net(a_type text, a_status text, a_amount bigint, a_captured bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS
  E'SELECT CASE WHEN a_type = ''charge'' THEN coalesce(a_captured, 0) ELSE 0 END - CASE WHEN a_type = ''refund'' AND a_status = ''succeeded'' THEN a_amount ELSE 0 END';

CREATE FUNCTION ledger_rollup_authorized(a_type text, a_status text, a_amount bigint, a_captured bigint, a_remaining bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS
  E'SELECT CASE WHEN a_type = ''charge'' AND a_status = ''authorized'' THEN greatest(coalesce(a_remaining, a_amount - coalesce(a_captured, 0)), 0) ELSE 0 END';

-- Every write to the ledger appends its signed change per UTC day and combination: no lock
-- on a shared row, whatever the write rate.
CREATE FUNCTION ledger_rollup_track() RETURNS trigger LANGUAGE plpgsql AS
  E'DECLARE o_day date\073 o_type text\073 o_status text\073 o_method text\073 o_cur text\073 o_country text\073 o_net bigint := 0\073 o_auth bigint := 0\073 n_day date\073 n_type text\073 n_status text\073 n_method text\073 n_cur text\073 n_country text\073 n_net bigint := 0\073 n_auth bigint := 0\073 BEGIN IF TG_OP IN (''UPDATE'', ''DELETE'') THEN o_day := (OLD.time_created AT TIME ZONE ''UTC'')::date\073 o_type := OLD.type::text\073 o_status := OLD.status\073 o_method := coalesce(OLD.method, '''')\073 o_cur := OLD.currency\073 o_country := coalesce(OLD.country, '''')\073 o_net := ledger_rollup_net(OLD.type::text, OLD.status, OLD.amount, OLD.amount_captured)\073 o_auth := ledger_rollup_authorized(OLD.type::text, OLD.status, OLD.amount, OLD.amount_captured, OLD.amount_authorized_remaining)\073 END IF\073 IF TG_OP IN (''INSERT'', ''UPDATE'') THEN n_day := (NEW.time_created AT TIME ZONE ''UTC'')::date\073 n_type := NEW.type::text\073 n_status := NEW.status\073 n_method := coalesce(NEW.method, '''')\073 n_cur := NEW.currency\073 n_country := coalesce(NEW.country, '''')\073 n_net := ledger_rollup_net(NEW.type::text, NEW.status, NEW.amount, NEW.amount_captured)\073 n_auth := ledger_rollup_authorized(NEW.type::text, NEW.status, NEW.amount, NEW.amount_captured, NEW.amount_authorized_remaining)\073 END IF\073 IF TG_OP = ''UPDATE'' AND o_day = n_day AND o_type = n_type AND o_status = n_status AND o_method = n_method AND o_cur = n_cur AND o_country = n_country THEN IF n_net = o_net AND n_auth = o_auth THEN RETURN NULL\073 END IF\073 INSERT INTO ledger_rollup_deltas (day, type, status, method, currency, country, n, net, authorized) VALUES (n_day, n_type, n_status, n_method, n_cur, n_country, 0, n_net - o_net, n_auth - o_auth)\073 RETURN NULL\073 END IF\073 IF TG_OP <> ''INSERT'' THEN INSERT INTO ledger_rollup_deltas (day, type, status, method, currency, country, n, net, authorized) VALUES (o_day, o_type, o_status, o_method, o_cur, o_country, -1, -o_net, -o_auth)\073 END IF\073 IF TG_OP <> ''DELETE'' THEN INSERT INTO ledger_rollup_deltas (day, type, status, method, currency, country, n, net, authorized) VALUES (n_day, n_type, n_status, n_method, n_cur, n_country, 1, n_net, n_auth)\073 END IF\073 RETURN NULL\073 END\073';

CREATE TRIGGER ledger_rollup_track
  AFTER INSERT OR DELETE OR UPDATE OF type, status, method, currency, country, time_created, amount, amount_captured, amount_authorized_remaining
  ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_rollup_track();

CREATE FUNCTION ledger_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM ledger_rollup_deltas\073 DELETE FROM ledger_rollup\073 RETURN NULL\073 END\073';

CREATE TRIGGER ledger_rollup_truncate AFTER TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollup_truncate();

-- The minute sweep folds the deltas into their day, month and year (lib/ledger/rollup.ts).
CREATE FUNCTION ledger_rollup_fold() RETURNS bigint LANGUAGE sql AS
  E'WITH moved AS (DELETE FROM ledger_rollup_deltas RETURNING day, type, status, method, currency, country, n, net, authorized), up AS ( INSERT INTO ledger_rollup AS r (grain, start, type, status, method, currency, country, n, net, authorized) SELECT g.grain, CASE g.grain WHEN ''d'' THEN x.day WHEN ''m'' THEN date_trunc(''month'', x.day)::date ELSE date_trunc(''year'', x.day)::date END, x.type, x.status, x.method, x.currency, x.country, sum(x.n), sum(x.net), sum(x.authorized) FROM moved x CROSS JOIN (VALUES (''d''), (''m''), (''y'')) g(grain) GROUP BY 1, 2, 3, 4, 5, 6, 7 ON CONFLICT (grain, start, type, status, method, currency, country) DO UPDATE SET n = r.n + excluded.n, net = r.net + excluded.net, authorized = r.authorized + excluded.authorized RETURNING 1) SELECT count(*) FROM up';

-- Recounts everything from the ledger: this migration, or a bulk load that ran without triggers.
CREATE FUNCTION ledger_rollup_rebuild() RETURNS bigint LANGUAGE plpgsql AS
  E'BEGIN LOCK TABLE ledger_transactions IN SHARE MODE\073 DELETE FROM ledger_rollup_deltas\073 DELETE FROM ledger_rollup\073 CREATE TEMPORARY TABLE ledger_rollup_rebuilt ON COMMIT DROP AS SELECT (time_created AT TIME ZONE ''UTC'')::date AS day, type::text AS type, status, coalesce(method, '''') AS method, currency, coalesce(country, '''') AS country, count(*) AS n, sum(ledger_rollup_net(type::text, status, amount, amount_captured)) AS net, sum(ledger_rollup_authorized(type::text, status, amount, amount_captured, amount_authorized_remaining)) AS authorized FROM ledger_transactions GROUP BY 1, 2, 3, 4, 5, 6\073 INSERT INTO ledger_rollup (grain, start, type, status, method, currency, country, n, net, authorized) SELECT g.grain, CASE g.grain WHEN ''d'' THEN x.day WHEN ''m'' THEN date_trunc(''month'', x.day)::date ELSE date_trunc(''year'', x.day)::date END, x.type, x.status, x.method, x.currency, x.country, sum(x.n), sum(x.net), sum(x.authorized) FROM ledger_rollup_rebuilt x CROSS JOIN (VALUES (''d''), (''m''), (''y'')) g(grain) GROUP BY 1, 2, 3, 4, 5, 6, 7\073 DROP TABLE ledger_rollup_rebuilt\073 RETURN (SELECT count(*) FROM ledger_rollup)\073 END\073';

SELECT ledger_rollup_rebuild();
