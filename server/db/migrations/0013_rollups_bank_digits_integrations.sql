CREATE TABLE "platform_days" (
	"day" date PRIMARY KEY NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"credit_card" bigint DEFAULT 0 NOT NULL,
	"debit_card" bigint DEFAULT 0 NOT NULL,
	"pix" bigint DEFAULT 0 NOT NULL,
	"cash" bigint DEFAULT 0 NOT NULL,
	"meal_voucher" bigint DEFAULT 0 NOT NULL,
	"by_hour" bigint[] DEFAULT array_fill(0::bigint, array[24]) NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"checkins_ios" integer DEFAULT 0 NOT NULL,
	"checkins_android" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_days_pkey" PRIMARY KEY("store_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "store_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"fees" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"credit_card" bigint DEFAULT 0 NOT NULL,
	"debit_card" bigint DEFAULT 0 NOT NULL,
	"pix" bigint DEFAULT 0 NOT NULL,
	"cash" bigint DEFAULT 0 NOT NULL,
	"meal_voucher" bigint DEFAULT 0 NOT NULL,
	"by_hour" bigint[] DEFAULT array_fill(0::bigint, array[24]) NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"checkins_ios" integer DEFAULT 0 NOT NULL,
	"checkins_android" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_days_pkey" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "agency_digit" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_digit" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "pix_key_type" text;--> statement-breakpoint
-- Accounts written as "12345678-9" keep their digits apart; a PIX key's type is read from its form.
UPDATE "bank_accounts" SET
  "account" = regexp_replace(split_part("account", '-', 1), '[^0-9]', '', 'g'),
  "account_digit" = coalesce(nullif(upper(split_part("account", '-', 2)), ''), '0'),
  "pix_key_type" = CASE
    WHEN "pix_key" IS NULL THEN NULL
    WHEN "pix_key" LIKE '%@%' THEN 'EMAIL'
    WHEN "pix_key" ~ '^\+' THEN 'PHONE'
    WHEN regexp_replace("pix_key", '[^0-9]', '', 'g') ~ '^[0-9]{14}$' AND "pix_key" !~ '[a-f]' THEN 'CNPJ'
    WHEN regexp_replace("pix_key", '[^0-9]', '', 'g') ~ '^[0-9]{11}$' AND "pix_key" !~ '[a-f]' THEN 'CPF'
    ELSE 'RANDOM' END;--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "account_digit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "integration_category_id" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "token_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "base_url" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "product_days" ADD CONSTRAINT "product_days_product_fk" FOREIGN KEY ("product_id","store_id") REFERENCES "public"."products"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_days" ADD CONSTRAINT "store_days_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_days_product_idx" ON "product_days" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_store_integration_key" ON "categories" USING btree ("store_id","integration_category_id") WHERE "categories"."integration_category_id" is not null;--> statement-breakpoint
CREATE INDEX "integrations_created_by_idx" ON "integrations" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_pix_check" CHECK (("bank_accounts"."pix_key" is null) = ("bank_accounts"."pix_key_type" is null));--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_pix_type_check" CHECK ("bank_accounts"."pix_key_type" in ('CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'));--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_digits_check" CHECK ("bank_accounts"."agency" ~ '^[0-9]{4}$' and "bank_accounts"."account" ~ '^[0-9]{1,12}$' and "bank_accounts"."account_digit" ~ '^[0-9X]$' and ("bank_accounts"."agency_digit" is null or "bank_accounts"."agency_digit" ~ '^[0-9X]$'));--> statement-breakpoint
-- The dashboards' daily figures (store_days, platform_days, product_days) follow every write of the
-- rows they count, in the same transaction. A bulk load may turn them off for its transaction
-- (set local painel.rollups = 'off') and call rebuild_rollups() once at the end.
CREATE FUNCTION rollups_on() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('painel.rollups', true), '') <> 'off'
$$;
--> statement-breakpoint
-- The stores' calendar day of an instant.
CREATE FUNCTION rollup_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (at AT TIME ZONE 'America/Sao_Paulo')::date
$$;
--> statement-breakpoint
-- Twenty-four zeros with an amount at one hour (0 to 23).
CREATE FUNCTION rollup_hour_array(hour integer, amount bigint) RETURNS bigint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_fill(0::bigint, ARRAY[hour]) || amount || array_fill(0::bigint, ARRAY[23 - hour])
$$;
--> statement-breakpoint
CREATE FUNCTION rollup_hours_add(acc bigint[], x bigint[]) RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF x IS NULL THEN RETURN acc; END IF;
  FOR i IN 1..24 LOOP acc[i] := acc[i] + x[i]; END LOOP;
  RETURN acc;
END $$;
--> statement-breakpoint
-- Element-wise sum of by_hour arrays.
CREATE AGGREGATE rollup_hours_sum(bigint[]) (
  SFUNC = rollup_hours_add, STYPE = bigint[],
  INITCOND = '{0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}'
);
--> statement-breakpoint
-- Adds (or, with negative figures, takes away) a day's figures for a store and for the platform.
-- Taking away never creates a store's row: when the store itself is being deleted, its rows are
-- already gone and must stay gone.
CREATE FUNCTION rollup_add(
  p_store integer, p_day date, p_add boolean,
  d_gross bigint DEFAULT 0, d_fees bigint DEFAULT 0, d_payments integer DEFAULT 0,
  d_cancelled bigint DEFAULT 0, d_method text DEFAULT NULL, d_hour integer DEFAULT NULL,
  d_tickets integer DEFAULT 0, d_orders integer DEFAULT 0, d_ios integer DEFAULT 0,
  d_android integer DEFAULT 0, d_signups integer DEFAULT 0
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
    INSERT INTO store_days AS s (store_id, day, gross, fees, payments, cancelled, credit_card, debit_card,
      pix, cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android)
    SELECT p_store, p_day, d_gross, d_fees, d_payments, d_cancelled, credit, debit, pix_, cash_, voucher,
      hours, d_tickets, d_orders, d_ios, d_android
    WHERE p_add OR EXISTS (SELECT 1 FROM store_days WHERE store_id = p_store AND day = p_day)
    ON CONFLICT (store_id, day) DO UPDATE SET
      gross = s.gross + d_gross, fees = s.fees + d_fees, payments = s.payments + d_payments,
      cancelled = s.cancelled + d_cancelled, credit_card = s.credit_card + credit,
      debit_card = s.debit_card + debit, pix = s.pix + pix_, cash = s.cash + cash_,
      meal_voucher = s.meal_voucher + voucher, by_hour[h] = s.by_hour[h] + at_hour,
      tickets = s.tickets + d_tickets, orders = s.orders + d_orders,
      checkins_ios = s.checkins_ios + d_ios, checkins_android = s.checkins_android + d_android;
  END IF;
  INSERT INTO platform_days AS p (day, gross, fees, payments, cancelled, credit_card, debit_card, pix,
    cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android, signups)
  VALUES (p_day, d_gross, d_fees, d_payments, d_cancelled, credit, debit, pix_, cash_, voucher, hours,
    d_tickets, d_orders, d_ios, d_android, d_signups)
  ON CONFLICT (day) DO UPDATE SET
    gross = p.gross + d_gross, fees = p.fees + d_fees, payments = p.payments + d_payments,
    cancelled = p.cancelled + d_cancelled, credit_card = p.credit_card + credit,
    debit_card = p.debit_card + debit, pix = p.pix + pix_, cash = p.cash + cash_,
    meal_voucher = p.meal_voucher + voucher, by_hour[h] = p.by_hour[h] + at_hour,
    tickets = p.tickets + d_tickets, orders = p.orders + d_orders,
    checkins_ios = p.checkins_ios + d_ios, checkins_android = p.checkins_android + d_android,
    signups = p.signups + d_signups;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_payment(p payments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  local timestamp := p.created_at AT TIME ZONE 'America/Sao_Paulo';
BEGIN
  IF p.cancelled_at IS NULL THEN
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_gross => sign * p.amount::bigint,
      d_fees => sign * p.fee::bigint, d_payments => sign, d_method => p.method,
      d_hour => extract(hour FROM local)::integer);
  ELSE
    PERFORM rollup_add(p.store_id, local::date, sign > 0, d_cancelled => sign * p.amount::bigint);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_payment(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_payment(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, amount, fee, method, cancelled_at, created_at
  ON payments FOR EACH ROW EXECUTE FUNCTION rollup_payments();
--> statement-breakpoint
-- Tickets, tabs, check-ins and sign-ups: one count each, by the day they were made.
CREATE FUNCTION rollup_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer;
  r record;
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  FOREACH sign IN ARRAY CASE TG_OP WHEN 'INSERT' THEN ARRAY[1] WHEN 'DELETE' THEN ARRAY[-1] ELSE ARRAY[-1, 1] END LOOP
    IF sign < 0 THEN r := OLD; ELSE r := NEW; END IF;
    CASE TG_TABLE_NAME
      WHEN 'tickets' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0, d_tickets => sign);
      WHEN 'orders' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0, d_orders => sign);
      WHEN 'checkins' THEN
        PERFORM rollup_add(r.store_id, rollup_day(r.created_at), sign > 0,
          d_ios => CASE WHEN r.platform = 'IOS' THEN sign ELSE 0 END,
          d_android => CASE WHEN r.platform = 'ANDROID' THEN sign ELSE 0 END);
      WHEN 'customers' THEN
        PERFORM rollup_add(NULL, rollup_day(r.created_at), true, d_signups => sign);
    END CASE;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON tickets FOR EACH ROW EXECUTE FUNCTION rollup_counts();
--> statement-breakpoint
CREATE TRIGGER orders_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION rollup_counts();
--> statement-breakpoint
CREATE TRIGGER checkins_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, platform, created_at
  ON checkins FOR EACH ROW EXECUTE FUNCTION rollup_counts();
--> statement-breakpoint
CREATE TRIGGER customers_rollup AFTER INSERT OR DELETE OR UPDATE OF created_at
  ON customers FOR EACH ROW EXECUTE FUNCTION rollup_counts();
--> statement-breakpoint
-- What sold: items neither saved (still in the customer's cart) nor cancelled, with a product.
CREATE FUNCTION rollup_item(i order_items, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF i.product_id IS NULL OR i.status IN ('SAVED', 'CANCELLED') THEN RETURN; END IF;
  INSERT INTO product_days AS d (store_id, day, product_id, quantity, amount)
  SELECT i.store_id, rollup_day(i.created_at), i.product_id, sign * i.quantity,
    sign * i.quantity * i.product_price::bigint
  WHERE sign > 0 OR EXISTS (SELECT 1 FROM product_days
    WHERE store_id = i.store_id AND day = rollup_day(i.created_at) AND product_id = i.product_id)
  ON CONFLICT (store_id, day, product_id) DO UPDATE SET
    quantity = d.quantity + excluded.quantity, amount = d.amount + excluded.amount;
END $$;
--> statement-breakpoint
CREATE FUNCTION rollup_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT rollups_on() THEN RETURN NULL; END IF;
  -- The kitchen moves items PLACED → PREPARING → READY all night: nothing to count there.
  IF TG_OP = 'UPDATE'
    AND (OLD.status IN ('SAVED', 'CANCELLED')) = (NEW.status IN ('SAVED', 'CANCELLED'))
    AND OLD.store_id = NEW.store_id AND OLD.product_id IS NOT DISTINCT FROM NEW.product_id
    AND OLD.quantity = NEW.quantity AND OLD.product_price = NEW.product_price
    AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM rollup_item(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM rollup_item(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_rollup AFTER INSERT OR DELETE OR UPDATE OF store_id, product_id, status, quantity, product_price, created_at
  ON order_items FOR EACH ROW EXECUTE FUNCTION rollup_items();
--> statement-breakpoint
-- Recomputes every figure from the raw rows (after a bulk load, or to check the triggers).
CREATE FUNCTION rebuild_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM product_days;
  DELETE FROM store_days;
  DELETE FROM platform_days;
  INSERT INTO store_days (store_id, day, gross, fees, payments, cancelled, credit_card, debit_card, pix,
    cash, meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android)
  SELECT store_id, day, sum(gross), sum(fees), sum(payments), sum(cancelled), sum(credit_card),
    sum(debit_card), sum(pix), sum(cash), sum(meal_voucher), rollup_hours_sum(by_hour), sum(tickets),
    sum(orders), sum(ios), sum(android)
  FROM (
    SELECT store_id, day, sum(gross) AS gross, sum(fees) AS fees, sum(payments) AS payments,
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
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NOT NULL), 0) AS cancelled,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'CREDIT_CARD'), 0) AS credit_card,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'DEBIT_CARD'), 0) AS debit_card,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'PIX'), 0) AS pix,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'CASH'), 0) AS cash,
        coalesce(sum(amount) FILTER (WHERE cancelled_at IS NULL AND method = 'MEAL_VOUCHER'), 0) AS meal_voucher
      FROM payments GROUP BY 1, 2, 3
    ) by_hour GROUP BY store_id, day
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, count(*), 0, 0, 0
    FROM tickets GROUP BY 1, 2
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, count(*), 0, 0
    FROM orders GROUP BY 1, 2
    UNION ALL
    SELECT store_id, rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0,
      count(*) FILTER (WHERE platform = 'IOS'), count(*) FILTER (WHERE platform = 'ANDROID')
    FROM checkins GROUP BY 1, 2
  ) parts
  GROUP BY store_id, day;
  INSERT INTO platform_days (day, gross, fees, payments, cancelled, credit_card, debit_card, pix, cash,
    meal_voucher, by_hour, tickets, orders, checkins_ios, checkins_android, signups)
  SELECT day, sum(gross), sum(fees), sum(payments), sum(cancelled), sum(credit_card), sum(debit_card),
    sum(pix), sum(cash), sum(meal_voucher), rollup_hours_sum(by_hour), sum(tickets), sum(orders),
    sum(checkins_ios), sum(checkins_android), sum(signups)
  FROM (
    SELECT day, gross, fees, payments, cancelled, credit_card, debit_card, pix, cash, meal_voucher,
      by_hour, tickets, orders, checkins_ios, checkins_android, 0 AS signups
    FROM store_days
    UNION ALL
    SELECT rollup_day(created_at), 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, count(*)
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
SELECT rebuild_rollups();
