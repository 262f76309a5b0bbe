ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kitchen_id_kitchens_id_fk";
--> statement-breakpoint
ALTER TABLE "stories" DROP CONSTRAINT "stories_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "deposits" DROP CONSTRAINT "deposits_bank_account_id_bank_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "statement_entries" DROP CONSTRAINT "statement_entries_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "statement_entries" DROP CONSTRAINT "statement_entries_deposit_id_deposits_id_fk";
--> statement-breakpoint
-- The (id, store_id) keys the new same-store foreign keys point at come first.
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_id_store_key" UNIQUE("id","store_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_id_store_key" UNIQUE("id","store_id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_id_store_key" UNIQUE("id","store_id");--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE set null (order_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_fk" FOREIGN KEY ("product_id","store_id") REFERENCES "public"."products"("id","store_id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kitchen_fk" FOREIGN KEY ("kitchen_id","store_id") REFERENCES "public"."kitchens"("id","store_id") ON DELETE set null (kitchen_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE set null (order_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_product_fk" FOREIGN KEY ("product_id","store_id") REFERENCES "public"."products"("id","store_id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_bank_account_fk" FOREIGN KEY ("bank_account_id","store_id") REFERENCES "public"."bank_accounts"("id","store_id") ON DELETE set null (bank_account_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_entries" ADD CONSTRAINT "statement_entries_payment_fk" FOREIGN KEY ("payment_id","store_id") REFERENCES "public"."payments"("id","store_id") ON DELETE set null (payment_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_entries" ADD CONSTRAINT "statement_entries_deposit_fk" FOREIGN KEY ("deposit_id","store_id") REFERENCES "public"."deposits"("id","store_id") ON DELETE set null (deposit_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_tokens_account_idx" ON "password_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "checkins_order_idx" ON "checkins" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupons_promo_code_idx" ON "coupons" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "order_items_kitchen_idx" ON "order_items" USING btree ("kitchen_id");--> statement-breakpoint
CREATE INDEX "orders_table_idx" ON "orders" USING btree ("table_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reservations_customer_idx" ON "reservations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "reviews_order_idx" ON "reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "push_notifications_created_by_idx" ON "push_notifications" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "stories_store_idx" ON "stories" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "loyalty_progress_customer_idx" ON "loyalty_progress" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "deposits_bank_account_idx" ON "deposits" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "statement_entries_payment_idx" ON "statement_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "statement_entries_deposit_idx" ON "statement_entries" USING btree ("deposit_id");--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_product_store_check" CHECK ("stories"."product_id" is null or "stories"."store_id" is not null);
