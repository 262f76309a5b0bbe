ALTER TABLE "payments" ADD COLUMN "ticket_id" integer;--> statement-breakpoint
-- Each payment so far was a customer's on a tab: it pays that customer's ticket there.
UPDATE "payments" SET "ticket_id" = "tickets"."id" FROM "tickets" WHERE "tickets"."order_id" = "payments"."order_id" AND "tickets"."customer_id" = "payments"."customer_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ticket_fk" FOREIGN KEY ("ticket_id","order_id") REFERENCES "public"."tickets"("id","order_id") ON DELETE set null (ticket_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_ticket_idx" ON "payments" USING btree ("ticket_id");