ALTER TABLE "order_items" ADD COLUMN "saved_by" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_saved_by_accounts_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_draft_idx" ON "order_items" USING btree ("saved_by","ticket_id") WHERE "order_items"."saved_by" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_saved_by_check" CHECK ("order_items"."saved_by" is null or "order_items"."status" = 'SAVED');