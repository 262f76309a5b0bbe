ALTER TABLE "stores" ADD COLUMN "guest_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiter_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "token_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "device_hash" text;--> statement-breakpoint
CREATE INDEX "order_items_held_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."held_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_device_key" ON "tickets" USING btree ("order_id","device_hash") WHERE "tickets"."device_hash" is not null;--> statement-breakpoint
CREATE INDEX "tickets_store_device_idx" ON "tickets" USING btree ("store_id","device_hash") WHERE "tickets"."device_hash" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_held_check" CHECK ("order_items"."held_at" is null or ("order_items"."status" = 'SAVED' and "order_items"."saved_by" is null));--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_token_check" CHECK (char_length("tables"."token") between 32 and 64);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_device_check" CHECK ("tickets"."device_hash" is null or ("tickets"."guest_name" is not null and "tickets"."customer_id" is null));