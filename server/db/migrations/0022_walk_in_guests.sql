ALTER TABLE "tickets" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "opened_by" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_opened_by_accounts_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_opened_by_idx" ON "tickets" USING btree ("opened_by") WHERE "tickets"."opened_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_table_key" ON "tickets" USING btree ("order_id") WHERE "tickets"."customer_id" is null and "tickets"."guest_name" is null;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_guest_check" CHECK (("tickets"."customer_id" is null or ("tickets"."guest_name" is null and "tickets"."guest_phone" is null))
        and ("tickets"."guest_name" is null or char_length("tickets"."guest_name") between 1 and 60)
        and ("tickets"."guest_phone" is null or ("tickets"."guest_name" is not null and "tickets"."guest_phone" ~ '^[0-9]{10,11}$')));