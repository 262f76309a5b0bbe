CREATE TABLE "usage_policy_acceptances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_policy_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"account_id" integer,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_policy_texts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_policy_texts_single_row" CHECK ("usage_policy_texts"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "table_id" integer;--> statement-breakpoint
ALTER TABLE "usage_policy_acceptances" ADD CONSTRAINT "usage_policy_acceptances_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_policy_acceptances" ADD CONSTRAINT "usage_policy_acceptances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_policy_acceptances_store_version_key" ON "usage_policy_acceptances" USING btree ("store_id","version");--> statement-breakpoint
CREATE INDEX "usage_policy_acceptances_store_idx" ON "usage_policy_acceptances" USING btree ("store_id","accepted_at");--> statement-breakpoint
CREATE INDEX "usage_policy_acceptances_account_idx" ON "usage_policy_acceptances" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_table_fk" FOREIGN KEY ("table_id","store_id") REFERENCES "public"."tables"("id","store_id") ON DELETE set null (table_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_table_idx" ON "reservations" USING btree ("table_id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('CREATED', 'CONFIRMED', 'CANCELLED', 'UNAVAILABLE', 'NO_SHOW'));--> statement-breakpoint
-- A reservation set on a table shows on the floor's card as its time nears: a change to one moves
-- the store's floor version like any other change the floor shows.
CREATE TRIGGER reservations_floor_inserted AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER reservations_floor_updated AFTER UPDATE ON reservations
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
--> statement-breakpoint
CREATE TRIGGER reservations_floor_removed AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_floor_version();
