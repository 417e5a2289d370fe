-- A chargeback tied by hand to one charge that an inquiry of another charge lists (issue 48,
-- item 7): the charge the provider lists it under, kept beside the tie until a manager moves it.
ALTER TABLE "chargebacks" ADD COLUMN "listed_charge_id" TEXT;
