-- Dynamic Pix charges at the store's Pix provider (server/pix): one per guest's balance charged,
-- booked once as a payment when the provider's signed webhook says the guest's bank paid it
-- (end_to_end_id unique). Not audited row by row: the booked payment is, with its webhook's row.
CREATE TABLE "pix_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pix_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"txid" text NOT NULL,
	"amount" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"end_to_end_id" text,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('ACTIVE', 'PAID', 'CANCELLED')),
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount" > 0),
	CONSTRAINT "pix_charges_txid_check" CHECK ("pix_charges"."txid" ~ '^[A-Za-z0-9]{26,35}$'),
	CONSTRAINT "pix_charges_paid_check" CHECK (("pix_charges"."status" = 'PAID') = ("pix_charges"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_ticket_fk" FOREIGN KEY ("ticket_id","order_id") REFERENCES "public"."tickets"("id","order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_txid_key" ON "pix_charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_end_to_end_key" ON "pix_charges" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_charges_ticket_idx" ON "pix_charges" USING btree ("ticket_id","status");