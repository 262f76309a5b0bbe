-- The platform's day (platform_days) is added to at commit, not with the row that counts.
-- Every payment, tab, ticket and check-in of every store, and every sign-up, adds to the one row of
-- the day; added with the row, that row stayed locked until the writer's transaction ended, so all
-- of the platform's writers waited for each other for the rest of every transaction (its other
-- statements, and the trips between the server and the database): with 8 tablets writing on
-- PostgreSQL, a payment's insert took 70 ms on average, nearly all of it waiting. The store's day
-- (store_days, one row per store) is still added to with the row; the platform's is added to by a
-- deferred trigger, as the transaction commits, which holds its row for the commit alone. Both
-- stay in the same transaction as the rows they count: a rollback leaves neither.
DROP FUNCTION rollup_add(integer, date, boolean, bigint, bigint, integer, bigint, text, integer, integer,
  integer, integer, integer, integer, bigint);
--> statement-breakpoint
-- As in 0032, with the part to add: 'store' (store_days), 'platform' (platform_days) or 'all'.
CREATE FUNCTION rollup_add(
  p_store integer, p_day date, p_add boolean,
  d_gross bigint DEFAULT 0, d_fees bigint DEFAULT 0, d_payments integer DEFAULT 0,
  d_cancelled bigint DEFAULT 0, d_method text DEFAULT NULL, d_hour integer DEFAULT NULL,
  d_tickets integer DEFAULT 0, d_orders integer DEFAULT 0, d_ios integer DEFAULT 0,
  d_android integer DEFAULT 0, d_signups integer DEFAULT 0, d_service bigint DEFAULT 0,
  p_scope text DEFAULT 'all'
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  h integer := coalesce(d_hour, 0) + 1;
  at_hour bigint := CASE WHEN d_hour IS NULL THEN 0 ELSE d_gross END;
  hours bigint[] := rollup_hour_array(coalesce(d_hour, 0), CASE WHEN d_hour IS NULL THEN 0 ELSE d_gross END);
  credit bigint := CASE WHEN d_method = 'CREDIT_CARD' THEN d_gross ELSE 0 END;
  debit bigint := CASE WHEN d_method = 'DEBIT_CARD' THEN d_gross ELSE 0 END;
  pix_ bigint := CASE WHEN d_method = 'PIX' THEN d_gross ELSE 0 END;
  cash_ bigint := CASE WHEN d_method = 'CASH' THEN d_gross ELSE 0 END;
  voucher bigint := CASE WHEN d_method = 'MEAL_VOUCHER' THEN d_gross ELSE 0 END;
BEGIN
  IF p_store IS NOT NULL AND p_scope <> 'platform' THEN
    INSERT INTO store_days AS s (store_id, day, gross, fees, payments, service, cancelled, credit_card,
      debit_card, pix, cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android)
    SELECT p_store, p_day, d_gross, d_fees, d_payments, d_service, d_cancelled, credit, debit, pix_, cash_,
      voucher, hours, d_tickets, d_orders, d_ios, d_android
    WHERE p_add OR EXISTS (SELECT 1 FROM store_days WHERE store_id = p_store AND day = p_day)
    ON CONFLICT (store_id, day) DO UPDATE SET
      gross = s.gross + d_gross, fees = s.fees + d_fees, payments = s.payments + d_payments,
      service = s.service + d_service,
      cancelled = s.cancelled + d_cancelled, credit_card = s.credit_card + credit,
      debit_card = s.debit_card + debit, pix = s.pix + pix_, cash = s.cash + cash_,
      meal_voucher = s.meal_voucher + voucher, by_hour[h] = s.by_hour[h] + at_hour,
      tickets = s.tickets + d_tickets, orders = s.orders + d_orders,
      checkins_ios = s.checkins_ios + d_ios, checkins_android = s.checkins_android + d_android;
  END IF;
  IF p_scope = 'store' THEN RETURN; END IF;
  INSERT INTO platform_days AS p (day, gross, fees, payments, service, cancelled, credit_card, debit_card,
    pix, cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android, signups)
  VALUES (p_day, d_gross, d_fees, d_payments, d_service, d_cancelled, credit, debit, pix_, cash_, voucher,
    hours, d_tickets, d_orders, d_ios, d_android, d_signups)
  ON CONFLICT (day) DO UPDATE SET
    gross = p.gross + d_gross, fees = p.fees + d_fees, payments = p.payments + d_payments,
    service = p.service + d_service,
    cancelled = p.cancelled + d_cancelled, credit_card = p.credit_card + credit,
    debit_card = p.debit_card + debit, pix = p.pix + pix_, cash = p.cash + cash_,
    meal_voucher = p.meal_voucher + voucher, by_hour[h] = p.by_hour[h] + at_hour,
    tickets = p.tickets + d_tickets, orders = p.orders + d_orders,
    checkins_ios = p.checkins_ios + d_ios, checkins_android = p.checkins_android + d_android,
    signups = p.signups + d_signups;
END $$;
--> statement-breakpoint
DROP FUNCTION rollup_payment(payments, integer);
--> statement-breakpoint
CREATE FUNCTION rollup_payment(p payments, sign integer, p_scope text DEFAULT 'all') RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  local timestamp := p.created_at AT TIME ZONE 'America/Sao_Paulo';
BEGIN
  IF p.cancelled_at IS NULL THEN
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_gross => sign * p.amount::bigint,
      d_fees => sign * p.fee::bigint, d_payments => sign, d_method => p.method,
      d_hour => extract(hour FROM local)::integer, d_service => sign * p.service::bigint,
      p_scope => p_scope);
  ELSE
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_cancelled => sign * p.amount::bigint,
      p_scope => p_scope);
  END IF;
END $$;
--> statement-breakpoint
-- The trigger's argument names the part it adds ('store' or 'platform').
CREATE OR REPLACE FUNCTION rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_payment(OLD, -1, TG_ARGV[0]); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_payment(NEW, 1, TG_ARGV[0]); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer;
  r record;
  scope text := TG_ARGV[0];
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  FOREACH sign IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY[1] WHEN 'DELETE' THEN ARRAY[-1] ELSE ARRAY[-1, 1] END LOOP
    IF sign < 0 THEN r := OLD; ELSE r := NEW; END IF;
    CASE TG_TABLE_NAME
      WHEN 'tickets' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0, d_tickets => sign, p_scope => scope);
      WHEN 'orders' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0, d_orders => sign, p_scope => scope);
      WHEN 'checkins' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0,
          d_ios => CASE WHEN r.platform = 'IOS' THEN sign ELSE 0 END,
          d_android => CASE WHEN r.platform = 'ANDROID' THEN sign ELSE 0 END, p_scope => scope);
      WHEN 'customers' THEN
        PERFORM rollup_add(NULL, rollup_day(r.created_at), true, d_signups => sign, p_scope => scope);
    END CASE;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER payments_rollup ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, amount, fee, service, method, cancelled_at, created_at
  ON payments FOR EACH ROW EXECUTE FUNCTION rollup_payments('store');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_rollup_platform AFTER INSERT OR DELETE OR UPDATE OF store_id, amount, fee, service, method, cancelled_at, created_at
  ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollup_payments('platform');
--> statement-breakpoint
DROP TRIGGER tickets_rollup ON tickets;
--> statement-breakpoint
CREATE TRIGGER tickets_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON tickets FOR EACH ROW EXECUTE FUNCTION rollup_counts('store');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tickets_rollup_platform AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON tickets DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollup_counts('platform');
--> statement-breakpoint
DROP TRIGGER orders_rollup ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION rollup_counts('store');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_rollup_platform AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollup_counts('platform');
--> statement-breakpoint
DROP TRIGGER checkins_rollup ON checkins;
--> statement-breakpoint
CREATE TRIGGER checkins_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, platform, created_at
  ON checkins FOR EACH ROW EXECUTE FUNCTION rollup_counts('store');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checkins_rollup_platform AFTER INSERT OR DELETE OR UPDATE OF store_id, platform, created_at
  ON checkins DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollup_counts('platform');
--> statement-breakpoint
-- A sign-up adds to the platform's day alone.
DROP TRIGGER customers_rollup ON customers;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER customers_rollup AFTER INSERT OR DELETE OR UPDATE OF created_at
  ON customers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rollup_counts('platform');
