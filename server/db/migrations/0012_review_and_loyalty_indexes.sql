CREATE INDEX "coupons_loyalty_used_idx" ON "coupons" USING btree ("store_id","customer_id") WHERE "coupons"."loyalty" and "coupons"."status" = 'CONFIRMED';--> statement-breakpoint
CREATE INDEX "reviews_store_rating_idx" ON "reviews" USING btree ("store_id","rating","created_at");--> statement-breakpoint
CREATE INDEX "reviews_store_unanswered_idx" ON "reviews" USING btree ("store_id","created_at") WHERE "reviews"."answer" is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_store_customer_idx" ON "tickets" USING btree ("store_id","customer_id","created_at");