-- Per status, currency and outcome: how many chargebacks and their amount, kept with every
-- change of a chargeback, so the summary reads a few rows instead of scanning them all.
CREATE TABLE "chargeback_totals" (
    "status" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT '',
    "count" BIGINT NOT NULL DEFAULT 0,
    "amount" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "chargeback_totals_pkey" PRIMARY KEY ("status","currency","outcome")
);

-- The JS migration engine splits scripts at every semicolon, even inside a function body:
-- the bodies' semicolons are written as the escape \073 (as in the init migration).
CREATE FUNCTION chargeback_totals_apply() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    INSERT INTO chargeback_totals AS t (status, currency, outcome, count, amount)
    VALUES (OLD.status, OLD.currency, coalesce(OLD.outcome, ''''), -1, -OLD.amount)
    ON CONFLICT (status, currency, outcome)
    DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    INSERT INTO chargeback_totals AS t (status, currency, outcome, count, amount)
    VALUES (NEW.status, NEW.currency, coalesce(NEW.outcome, ''''), 1, NEW.amount)
    ON CONFLICT (status, currency, outcome)
    DO UPDATE SET count = t.count + EXCLUDED.count, amount = t.amount + EXCLUDED.amount\073
  END IF\073
  RETURN NULL\073
END\073';

CREATE TRIGGER chargeback_totals_rows AFTER INSERT OR DELETE OR UPDATE OF status, currency, outcome, amount
  ON chargebacks FOR EACH ROW EXECUTE FUNCTION chargeback_totals_apply();

CREATE FUNCTION chargeback_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN DELETE FROM chargeback_totals\073 RETURN NULL\073 END\073';

CREATE TRIGGER chargeback_totals_truncate AFTER TRUNCATE ON chargebacks
  FOR EACH STATEMENT EXECUTE FUNCTION chargeback_totals_truncate();

INSERT INTO chargeback_totals (status, currency, outcome, count, amount)
SELECT status, currency, coalesce(outcome, ''), count(*), sum(amount) FROM chargebacks GROUP BY 1, 2, 3;
