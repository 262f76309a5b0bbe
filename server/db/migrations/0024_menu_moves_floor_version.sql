-- The guest page (`GET /api/guest/menu`) answers 304 from the store's floor version, with no query:
-- a change to the menu or to the store (its name, logo, service charge, 'Aprovar pedidos da mesa',
-- its status) moves that version too. Statement-level, as the floor's own triggers.
CREATE OR REPLACE FUNCTION bump_store_floor_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  bumped record;
BEGIN
  FOR bumped IN
    INSERT INTO floor_versions AS f (store_id, version)
    SELECT DISTINCT id, 1 FROM changed
    ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1
    RETURNING f.store_id, f.version
  LOOP
    PERFORM pg_notify('painel_floor', json_build_object('s', bumped.store_id, 'v', bumped.version, 'k', TG_TABLE_NAME)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_floor_updated AFTER UPDATE ON stores
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_store_floor_version();
--> statement-breakpoint
CREATE TRIGGER categories_floor_inserted AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER categories_floor_updated AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER categories_floor_removed AFTER DELETE ON categories
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER products_floor_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER products_floor_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER products_floor_removed AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_groups_floor_inserted AFTER INSERT ON complement_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_groups_floor_updated AFTER UPDATE ON complement_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_groups_floor_removed AFTER DELETE ON complement_groups
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_group_products_floor_inserted AFTER INSERT ON complement_group_products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_group_products_floor_updated AFTER UPDATE ON complement_group_products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER complement_group_products_floor_removed AFTER DELETE ON complement_group_products
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER product_complement_groups_floor_inserted AFTER INSERT ON product_complement_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER product_complement_groups_floor_updated AFTER UPDATE ON product_complement_groups
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER product_complement_groups_floor_removed AFTER DELETE ON product_complement_groups
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
