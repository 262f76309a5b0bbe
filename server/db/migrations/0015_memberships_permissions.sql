CREATE TABLE "memberships" (
	"account_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_account_id_store_id_pk" PRIMARY KEY("account_id","store_id"),
	CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('MANAGER', 'WAITER', 'CASHIER', 'KITCHEN', 'STAFF'))
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"store_id" integer NOT NULL,
	"role" text NOT NULL,
	"permissions" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "role_permissions_store_id_role_pk" PRIMARY KEY("store_id","role"),
	CONSTRAINT "role_permissions_role_check" CHECK ("role_permissions"."role" in ('WAITER', 'CASHIER', 'KITCHEN', 'STAFF'))
);
--> statement-breakpoint
ALTER TABLE "accounts" RENAME COLUMN "store_id" TO "last_store_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_role_store_check";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_store_id_stores_id_fk";
--> statement-breakpoint
DROP INDEX "accounts_store_idx";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_store_role_idx" ON "memberships" USING btree ("store_id","role");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_last_store_id_stores_id_fk" FOREIGN KEY ("last_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_last_store_idx" ON "accounts" USING btree ("last_store_id");
--> statement-breakpoint
-- Every member of a team keeps their store and role, now as a membership; the account itself is
-- a MEMBER (its roles live in its memberships), and its open sessions work in that store.
INSERT INTO "memberships" ("account_id", "store_id", "role")
  SELECT "id", "last_store_id",
    CASE WHEN "role" IN ('MANAGER', 'WAITER', 'CASHIER', 'KITCHEN', 'STAFF') THEN "role" ELSE 'STAFF' END
  FROM "accounts" WHERE "role" <> 'ADMIN' AND "last_store_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "store_id" = "accounts"."last_store_id"
  FROM "accounts" WHERE "accounts"."id" = "sessions"."account_id" AND "accounts"."role" <> 'ADMIN';
--> statement-breakpoint
UPDATE "accounts" SET "role" = 'MEMBER' WHERE "role" <> 'ADMIN';
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role_check" CHECK ("accounts"."role" in ('ADMIN', 'MEMBER'));
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_admin_store_check" CHECK ("accounts"."role" <> 'ADMIN' or "accounts"."last_store_id" is null);
--> statement-breakpoint
-- Access notices (migration 0009): what a caller may do now also changes with their memberships,
-- their session's store and their store's role permissions; the store a member last used does not.
DROP TRIGGER "accounts_live_access" ON "accounts";
--> statement-breakpoint
CREATE TRIGGER accounts_live_access AFTER UPDATE OF status, role, password_changed_at ON accounts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.password_changed_at IS DISTINCT FROM NEW.password_changed_at)
  EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
DROP TRIGGER "sessions_live_ended" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_live_ended AFTER UPDATE OF ended_at, store_id ON sessions
  FOR EACH ROW WHEN ((OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL) OR OLD.store_id IS DISTINCT FROM NEW.store_id)
  EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_membership_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'role_permissions' THEN
    PERFORM pg_notify('painel_access', 'store:' || changed.store_id);
  ELSE
    PERFORM pg_notify('painel_access', 'account:' || changed.account_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER memberships_live_access AFTER INSERT OR UPDATE OF role OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_membership_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_live_access AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION notify_membership_changed();
