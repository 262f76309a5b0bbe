-- The service charge apart from sales (restaurant spec 4, Store settings; docs/service.md): each
-- payment keeps what of it paid its ticket's service (payments.service, written with the payment),
-- and the dashboards' days add it up (store_days.service, platform_days.service), so that the
-- statistics and the statement show sales and service apart.
ALTER TABLE "payments" ADD COLUMN "service" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_days" ADD COLUMN "service" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_days" ADD COLUMN "service" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What of each payment paid its ticket's service: the service in proportion to what the payments
-- so far cover of the ticket's total (in the order they were made), the part before taken away,
-- so that the payments of a ticket paid in full add up to its service to the centavo. The same
-- reckoning as server/service/tabs.ts (`serviceOf`), for rows written in bulk (the demo) and the
-- rows made before this column.
CREATE FUNCTION rebuild_payment_services() RETURNS void LANGUAGE sql AS $$
  UPDATE payments p SET service = s.service
  FROM (
    SELECT q.id, greatest(0, least(q.amount,
      round(q.service_charge::numeric * least(q.total, q.upto) / q.total)
      - round(q.service_charge::numeric * least(q.total, q.upto - q.amount) / q.total)))::integer AS service
    FROM (
      SELECT p.id, p.amount, t.service_charge, t.total,
        sum(p.amount) OVER (PARTITION BY p.ticket_id ORDER BY p.created_at, p.id) AS upto
      FROM payments p JOIN tickets t ON t.id = p.ticket_id
      WHERE p.cancelled_at IS NULL AND t.total > 0
    ) q
  ) s
  WHERE s.id = p.id AND p.service <> s.service;
$$;
--> statement-breakpoint
SELECT rebuild_payment_services();
--> statement-breakpoint
DROP FUNCTION rollup_add(integer, date, boolean, bigint, bigint, integer, bigint, text, integer, integer,
  integer, integer, integer, integer);
--> statement-breakpoint
-- As in 0013, with the service (d_service) added.
CREATE FUNCTION rollup_add(
  p_store integer, p_day date, p_add boolean,
  d_gross bigint DEFAULT 0, d_fees bigint DEFAULT 0, d_payments integer DEFAULT 0,
  d_cancelled bigint DEFAULT 0, d_method text DEFAULT NULL, d_hour integer DEFAULT NULL,
  d_tickets integer DEFAULT 0, d_orders integer DEFAULT 0, d_ios integer DEFAULT 0,
  d_android integer DEFAULT 0, d_signups integer DEFAULT 0, d_service bigint DEFAULT 0
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
  IF p_store IS NOT NULL THEN
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
CREATE OR REPLACE FUNCTION rollup_payment(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local timestamp := p.created_at AT TIME ZONE 'America/Sao_Paulo';
BEGIN
  IF p.cancelled_at IS NULL THEN
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_gross => sign * p.amount::bigint,
      d_fees => sign * p.fee::bigint, d_payments => sign, d_method => p.method,
      d_hour => extract(hour FROM local)::integer, d_service => sign * p.service::bigint);
  ELSE
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_cancelled => sign * p.amount::bigint);
  END IF;
END $$;
--> statement-breakpoint
DROP TRIGGER payments_rollup ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, amount, fee, service, method, cancelled_at, created_at
  ON payments FOR EACH ROW EXECUTE FUNCTION rollup_payments();
--> statement-breakpoint
-- As in 0013, with the service.
CREATE OR REPLACE FUNCTION rebuild_dashboard_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_days;
  DELETE FROM store_days;
  DELETE FROM platform_days;
  INSERT INTO store_days (store_id, day, gross, fees, payments, service, cancelled, credit_card, debit_card,
    pix, cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android)
  SELECT store_id, day, sum(gross), sum(fees), sum(payments), sum(service), sum(cancelled), sum(credit_card),
    sum(debit_card), sum(pix), sum(cash), sum(meal_voucher), rollup_hours_sum(by_hour), sum(tickets),
    sum(orders), sum(ios), sum(android)
  FROM (
    SELECT store_id, day, sum(gross) AS gross, sum(fees) AS fees, sum(payments) AS payments,
      sum(service) AS service,
      sum(cancelled) AS cancelled, sum(credit_card) AS credit_card, sum(debit_card) AS debit_card,
      sum(pix) AS pix, sum(cash) AS cash, sum(meal_voucher) AS meal_voucher,
      rollup_hours_sum(rollup_hour_array(hour, gross)) AS by_hour,
      0 AS tickets, 0 AS orders, 0 AS ios, 0 AS android
    FROM (
      SELECT store_id, rollup_day(created_at) AS day,
        extract(hour FROM created_at AT TIME ZONE 'America/Sao_Paulo')::integer AS hour,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL), 0) AS gross,
        coalesce(sum(fee) FILTER (WHERE cancelled_at IS NULL), 0) AS fees,
        count(*) FILTER (WHERE cancelled_at IS NULL) AS payments,
        coalesce(sum(service) FILTER (WHERE cancelled_at IS NULL), 0) AS service,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NOT NULL), 0) AS cancelled,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'CREDIT_CARD'), 0) AS credit_card,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'DEBIT_CARD'), 0) AS debit_card,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'PIX'), 0) AS pix,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'CASH'), 0) AS cash,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'MEAL_VOUCHER'), 0) AS meal_voucher
      FROM payments GROUP BY 1, 2, 3
    ) by_hour GROUP BY store_id, day
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, count(*), 0, 0, 0
    FROM tickets GROUP BY 1, 2
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, count(*), 0, 0
    FROM orders GROUP BY 1, 2
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0,
      count(*) FILTER (WHERE platform = 'IOS'), count(*) FILTER (WHERE platform = 'ANDROID')
    FROM checkins GROUP BY 1, 2
  ) parts
  GROUP BY store_id, day;
  INSERT INTO platform_days (day, gross, fees, payments, service, cancelled, credit_card, debit_card, pix,
    cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android, signups)
  SELECT day, sum(gross), sum(fees), sum(payments), sum(service), sum(cancelled), sum(credit_card),
    sum(debit_card), sum(pix), sum(cash), sum(meal_voucher), rollup_hours_sum(by_hour), sum(tickets),
    sum(orders), sum(checkins_ios), sum(checkins_android), sum(signups)
  FROM (
    SELECT day, gross, fees, payments, service, cancelled, credit_card, debit_card, pix, cash, meal_voucher,
      by_hour, tickets, orders, checkins_ios, checkins_android, 0 AS signups
    FROM store_days
    UNION ALL
    SELECT rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, count(*)
    FROM customers GROUP BY 1
  ) parts
  GROUP BY day;
  INSERT INTO product_days (store_id, day, product_id, quantity, amount)
  SELECT store_id, rollup_day(created_at), product_id, sum(quantity), sum(quantity * product_price::bigint)
  FROM order_items
  WHERE product_id IS NOT NULL AND status NOT IN ('SAVED', 'CANCELLED')
  GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_service_check" CHECK ("payments"."service" between 0 and "payments"."amount");
--> statement-breakpoint
SELECT rebuild_dashboard_rollups();
