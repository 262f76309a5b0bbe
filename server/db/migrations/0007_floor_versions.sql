CREATE TABLE "floor_versions" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that writes a store's tables, orders, tickets, order items or payments moves that
-- store's floor version once (statement-level, so a bulk write costs one upsert per store). A
-- trigger with a transition table takes one event, hence three per table.
CREATE OR REPLACE FUNCTION bump_floor_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO floor_versions AS f (store_id, version)
  SELECT DISTINCT store_id, 1 FROM changed
  ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tables_floor_inserted AFTER INSERT ON tables
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER tables_floor_updated AFTER UPDATE ON tables
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER tables_floor_removed AFTER DELETE ON tables
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER orders_floor_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER orders_floor_updated AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER orders_floor_removed AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER tickets_floor_inserted AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER tickets_floor_updated AFTER UPDATE ON tickets
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER tickets_floor_removed AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER order_items_floor_inserted AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER order_items_floor_updated AFTER UPDATE ON order_items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER order_items_floor_removed AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER payments_floor_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER payments_floor_updated AFTER UPDATE ON payments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER payments_floor_removed AFTER DELETE ON payments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
