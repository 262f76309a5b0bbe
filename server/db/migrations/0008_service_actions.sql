ALTER TABLE "tickets" DROP CONSTRAINT "tickets_money_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiter_requester_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "service_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waiter_requester_id_customers_id_fk" FOREIGN KEY ("waiter_requester_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_waiter_requester_idx" ON "orders" USING btree ("waiter_requester_id") WHERE "orders"."waiter_requester_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id") WHERE "payments"."account_id" is not null;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_money_check" CHECK ("tickets"."subtotal" >= 0 and "tickets"."service_charge" >= 0 and "tickets"."discount" >= 0 and "tickets"."total" >= 0 and "tickets"."total_paid" >= 0);--> statement-breakpoint
-- Tickets written before these columns kept only their subtotal and total: the difference is the
-- service charge when the total is larger, the discount when it is smaller.
UPDATE "tickets" SET "service_charge" = greatest("total" - "subtotal", 0), "discount" = greatest("subtotal" - "total", 0);
