ALTER TABLE "stores" ADD COLUMN "kitchen_timers" jsonb DEFAULT '{"placed":{"warn":5,"late":10},"preparing":{"warn":12,"late":20}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_kitchen_timers_check" CHECK (jsonb_typeof("stores"."kitchen_timers") = 'object');--> statement-breakpoint
-- Live notices (restaurant screens learn of a change within a second): moving a store's floor
-- version also tells every listening server, on commit, which store moved, to which version and
-- through which table, so they push it to the screens of that store only. NOTIFY is delivered
-- across connections, hence across the API's instances on one database.
CREATE OR REPLACE FUNCTION bump_floor_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  bumped record;
BEGIN
  FOR bumped IN
    INSERT INTO floor_versions AS f (store_id, version)
    SELECT DISTINCT store_id, 1 FROM changed
    ON CONFLICT (store_id) DO UPDATE SET version = f.version + 1
    RETURNING f.store_id, f.version
  LOOP
    PERFORM pg_notify('painel_floor', json_build_object('s', bumped.store_id, 'v', bumped.version, 'k', TG_TABLE_NAME)::text);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session that ends (signing out), or an account whose access changes, ends its live streams at
-- once on every instance, without waiting for the stream's next check.
CREATE OR REPLACE FUNCTION notify_access_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('painel_access', 'session:' || NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('painel_access', 'account:' || OLD.id);
  ELSE
    PERFORM pg_notify('painel_access', 'account:' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_live_ended AFTER UPDATE OF ended_at ON sessions
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_live_access AFTER UPDATE OF status, role, store_id, password_changed_at ON accounts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.password_changed_at IS DISTINCT FROM NEW.password_changed_at)
  EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_live_removed AFTER DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_access_changed();
