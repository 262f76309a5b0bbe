CREATE TABLE "store_events" (
	"store_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"topics" text[] NOT NULL,
	"table_name" text NOT NULL,
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_events_store_id_version_pk" PRIMARY KEY("store_id","version")
);
--> statement-breakpoint
CREATE INDEX "store_events_tx_idx" ON "store_events" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "store_events_created_idx" ON "store_events" USING brin ("created_at");--> statement-breakpoint
-- Live notices from an outbox: moving a store's floor version now appends its event (the store,
-- the new version, the screens it concerns, the table written) in the writer's own transaction,
-- and sends no NOTIFY. PostgreSQL serializes every commit that NOTIFYs behind one global lock;
-- the relay (server/plugins/live.ts) sends at most one notice per store per tick instead, outside
-- the writers' commits. Statement-level as before: one upsert and one insert per store a
-- statement wrote. `painel.live_push = off` (the server's LIVE_PUSH=0, for measuring) moves the
-- version alone.
CREATE OR REPLACE FUNCTION floor_event_topics(written text) RETURNS text[]
  LANGUAGE sql IMMUTABLE
  AS $$
  SELECT CASE written
    WHEN 'tables' THEN '{floor}'
    WHEN 'orders' THEN '{floor,tab,board}' -- the board shows the table, which a move changes
    WHEN 'tickets' THEN '{floor,tab}'
    WHEN 'order_items' THEN '{floor,tab,board}'
    WHEN 'payments' THEN '{floor,tab}'
    WHEN 'reservations' THEN '{floor}' -- a table's card shows its reservation as the time nears
    -- The menu and the store move the version for the guest page's validators: no staff screen
    -- reads again.
    WHEN 'stores' THEN '{}'
    WHEN 'categories' THEN '{}'
    WHEN 'products' THEN '{}'
    WHEN 'complement_groups' THEN '{}'
    WHEN 'complement_group_products' THEN '{}'
    WHEN 'product_complement_groups' THEN '{}'
    ELSE '{floor,tab,board}'
  END::text[]
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_floor_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF current_setting('painel.live_push', true) = 'off' THEN
    INSERT INTO floor_versions AS f (store_id, version)
    SELECT DISTINCT store_id, 1 FROM changed
    ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1;
  ELSE
    WITH bumped AS (
      INSERT INTO floor_versions AS f (store_id, version)
      SELECT DISTINCT store_id, 1 FROM changed
      ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1
      RETURNING f.store_id, f.version
    )
    INSERT INTO store_events (store_id, version, topics, table_name)
    SELECT store_id, version, floor_event_topics(TG_TABLE_NAME), TG_TABLE_NAME FROM bumped;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_store_floor_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF current_setting('painel.live_push', true) = 'off' THEN
    INSERT INTO floor_versions AS f (store_id, version)
    SELECT DISTINCT id, 1 FROM changed
    ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1;
  ELSE
    WITH bumped AS (
      INSERT INTO floor_versions AS f (store_id, version)
      SELECT DISTINCT id, 1 FROM changed
      ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1
      RETURNING f.store_id, f.version
    )
    INSERT INTO store_events (store_id, version, topics, table_name)
    SELECT store_id, version, floor_event_topics(TG_TABLE_NAME), TG_TABLE_NAME FROM bumped;
  END IF;
  RETURN NULL;
END
$$;
