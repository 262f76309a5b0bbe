ALTER TABLE "reviews" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answered_by_accounts_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_answered_by_idx" ON "reviews" USING btree ("answered_by");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_answer_check" CHECK (("reviews"."answer" is null) = ("reviews"."answered_at" is null) and char_length("reviews"."answer") <= 2000);