CREATE TABLE "statement_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"canceled" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"receivable" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statement_days_pkey" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "statement_months" (
	"store_id" integer NOT NULL,
	"month" date NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"canceled" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "statement_months_pkey" PRIMARY KEY("store_id","month")
);
--> statement-breakpoint
CREATE TABLE "statement_totals" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"canceled" bigint DEFAULT 0 NOT NULL,
	"taxes" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_days" ADD CONSTRAINT "statement_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_months" ADD CONSTRAINT "statement_months_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_totals" ADD CONSTRAINT "statement_totals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_days_day_idx" ON "statement_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "statement_months_month_idx" ON "statement_months" USING btree ("month");--> statement-breakpoint
CREATE INDEX "deposits_date_idx" ON "deposits" USING btree ("deposit_date","id");--> statement-breakpoint
CREATE INDEX "statement_entries_created_idx" ON "statement_entries" USING btree ("created_at","id");--> statement-breakpoint
-- The statement's figures (statement_days, statement_months, statement_totals) follow every write
-- of a line in the same transaction, as the dashboards' do (migration 0013), and are off with them
-- in a bulk load (painel.rollups = 'off', then rebuild_rollups()). Adds (sign 1) or takes away
-- (sign -1) one line: on the day and month it was written, to its store's totals, and on the day
-- its money becomes available. Every row is its store's: none is written by every store's lines.
-- Taking away never creates a row: when the store itself is being deleted, its rows are already
-- gone and must stay gone.
CREATE FUNCTION rollup_statement(e statement_entries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := sign * e.amount::bigint;
  written date := rollup_day(e.created_at);
  written_month date := date_trunc('month', rollup_day(e.created_at))::date;
  d_received bigint := CASE WHEN e.kind = 'RECEIVED' THEN delta ELSE 0 END;
  d_canceled bigint := CASE WHEN e.kind = 'CANCELED' THEN delta ELSE 0 END;
  d_taxes bigint := CASE WHEN e.kind = 'TAX' THEN delta ELSE 0 END;
  d_deposits bigint := CASE WHEN e.kind = 'DEPOSIT' THEN delta ELSE 0 END;
BEGIN
  INSERT INTO statement_days AS d (store_id, day, entries, received, canceled, taxes, deposits)
  SELECT e.store_id, written, sign, d_received, d_canceled, d_taxes, d_deposits
  WHERE sign > 0 OR EXISTS (SELECT 1 FROM statement_days WHERE store_id = e.store_id AND day = written)
  ON CONFLICT (store_id, day) DO UPDATE SET
    entries = d.entries + sign, received = d.received + d_received, canceled = d.canceled + d_canceled,
    taxes = d.taxes + d_taxes, deposits = d.deposits + d_deposits;
  INSERT INTO statement_months AS m (store_id, month, entries, received, canceled, taxes, deposits)
  SELECT e.store_id, written_month, sign, d_received, d_canceled, d_taxes, d_deposits
  WHERE sign > 0 OR EXISTS (SELECT 1 FROM statement_months WHERE store_id = e.store_id AND month = written_month)
  ON CONFLICT (store_id, month) DO UPDATE SET
    entries = m.entries + sign, received = m.received + d_received, canceled = m.canceled + d_canceled,
    taxes = m.taxes + d_taxes, deposits = m.deposits + d_deposits;
  INSERT INTO statement_totals AS t (store_id, entries, received, canceled, taxes, deposits)
  SELECT e.store_id, sign, d_received, d_canceled, d_taxes, d_deposits
  WHERE sign > 0 OR EXISTS (SELECT 1 FROM statement_totals WHERE store_id = e.store_id)
  ON CONFLICT (store_id) DO UPDATE SET
    entries = t.entries + sign, received = t.received + d_received, canceled = t.canceled + d_canceled,
    taxes = t.taxes + d_taxes, deposits = t.deposits + d_deposits;
  INSERT INTO statement_days AS d (store_id, day, available, receivable)
  SELECT e.store_id, e.available_on, delta, delta - d_deposits
  WHERE sign > 0 OR EXISTS (SELECT 1 FROM statement_days WHERE store_id = e.store_id AND day = e.available_on)
  ON CONFLICT (store_id, day) DO UPDATE SET
    available = d.available + delta, receivable = d.receivable + delta - d_deposits;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_statement_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_statement(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_statement(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A line's deposit or payment (set, or cleared when that row is removed) is no figure.
CREATE TRIGGER statement_entries_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, kind, amount, available_on, created_at
  ON statement_entries FOR EACH ROW EXECUTE FUNCTION rollup_statement_entries();
--> statement-breakpoint
-- Recomputes the statement's figures from its lines.
CREATE FUNCTION rebuild_statement_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM statement_days;
  DELETE FROM statement_months;
  DELETE FROM statement_totals;
  INSERT INTO statement_days (store_id, day, entries, received, canceled, taxes, deposits, available, receivable)
  SELECT store_id, day, sum(entries), sum(received), sum(canceled), sum(taxes), sum(deposits), sum(available),
    sum(receivable)
  FROM (
    SELECT store_id, rollup_day(created_at) AS day, count(*) AS entries,
      coalesce(sum(amount) FILTER (WHERE kind = 'RECEIVED'), 0) AS received,
      coalesce(sum(amount) FILTER (WHERE kind = 'CANCELED'), 0) AS canceled,
      coalesce(sum(amount) FILTER (WHERE kind = 'TAX'), 0) AS taxes,
      coalesce(sum(amount) FILTER (WHERE kind = 'DEPOSIT'), 0) AS deposits,
      0 AS available, 0 AS receivable
    FROM statement_entries GROUP BY 1, 2
    UNION ALL
    SELECT store_id, available_on, 0, 0, 0, 0, 0, sum(amount),
      coalesce(sum(amount) FILTER (WHERE kind <> 'DEPOSIT'), 0)
    FROM statement_entries GROUP BY 1, 2
  ) parts
  GROUP BY store_id, day;
  INSERT INTO statement_months (store_id, month, entries, received, canceled, taxes, deposits)
  SELECT store_id, date_trunc('month', day)::date, sum(entries), sum(received), sum(canceled), sum(taxes),
    sum(deposits)
  FROM statement_days GROUP BY 1, 2 HAVING sum(entries) > 0;
  INSERT INTO statement_totals (store_id, entries, received, canceled, taxes, deposits)
  SELECT store_id, sum(entries), sum(received), sum(canceled), sum(taxes), sum(deposits)
  FROM statement_months GROUP BY store_id;
$$;
--> statement-breakpoint
-- rebuild_rollups() stays the one call of bulk loads: the dashboards' tables (0013), then the statement's.
ALTER FUNCTION rebuild_rollups() RENAME TO rebuild_dashboard_rollups;
--> statement-breakpoint
CREATE FUNCTION rebuild_rollups() RETURNS void LANGUAGE sql AS $$
  SELECT rebuild_dashboard_rollups();
  SELECT rebuild_statement_rollups();
$$;
--> statement-breakpoint
SELECT rebuild_statement_rollups();
