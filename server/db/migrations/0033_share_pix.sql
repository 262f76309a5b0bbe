-- Pix for a share of a split bill (server/routes/orders.ts, sharePix; the provider's webhook):
-- a dynamic charge is a guest's balance or a share, never both.
ALTER TABLE "pix_charges" ALTER COLUMN "ticket_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD COLUMN "share_id" integer;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_share_id_bill_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."bill_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_share_idx" ON "pix_charges" USING btree ("share_id","status") WHERE "pix_charges"."share_id" is not null;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_charges_check" CHECK (("pix_charges"."ticket_id" is null) <> ("pix_charges"."share_id" is null));