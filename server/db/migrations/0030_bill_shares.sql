-- Split bills (restaurant spec 4, 'Dar baixa'; server/service/shares.ts): a tab's shares, each paid
-- once by its own method, and each payment's share. Audited through the payments they book and
-- the routes' audit rows.
CREATE TABLE "bill_shares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"method" text,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"paid_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_shares_status_check" CHECK ("bill_shares"."status" in ('OPEN', 'PAID', 'CANCELLED')),
	CONSTRAINT "bill_shares_amount_check" CHECK ("bill_shares"."amount" > 0),
	CONSTRAINT "bill_shares_label_check" CHECK (char_length(btrim("bill_shares"."label")) between 1 and 60),
	CONSTRAINT "bill_shares_method_check" CHECK ("bill_shares"."method" in ('CREDIT_CARD', 'DEBIT_CARD', 'PIX', 'CASH', 'MEAL_VOUCHER')),
	CONSTRAINT "bill_shares_paid_check" CHECK (("bill_shares"."status" = 'PAID') = ("bill_shares"."paid_at" is not null and "bill_shares"."method" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "share_id" integer;--> statement-breakpoint
ALTER TABLE "bill_shares" ADD CONSTRAINT "bill_shares_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_shares" ADD CONSTRAINT "bill_shares_paid_by_accounts_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_shares" ADD CONSTRAINT "bill_shares_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_shares_order_idx" ON "bill_shares" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_share_id_bill_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."bill_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_share_idx" ON "payments" USING btree ("share_id") WHERE "payments"."share_id" is not null;