-- Printing (restaurant spec 4, the kitchen's tickets and the bill on paper): each kitchen's receipt
-- printer (address, a fallback, the paper, whether each send prints a ticket), and the print jobs,
-- kept with their document, leased to one sender or agent at a time and acknowledged once
-- (server/printing/jobs.ts). Not audited row by row: the senders' churn is no one's doing; a
-- reprint is noted in the audit trail by its route.
CREATE TABLE "print_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store_id" integer NOT NULL,
	"kind" text NOT NULL,
	"kitchen_id" integer,
	"order_id" integer,
	"document" jsonb NOT NULL,
	"paper_width" smallint DEFAULT 80 NOT NULL,
	"printer" text,
	"fallback" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease" uuid,
	"lease_until" timestamp with time zone,
	"printed_on" text,
	"printed_at" timestamp with time zone,
	"error" text,
	"reprint_of" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "print_jobs_kind_check" CHECK ("print_jobs"."kind" in ('KITCHEN', 'PREBILL', 'RECEIPT')),
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" in ('PENDING', 'SENDING', 'PRINTED', 'FAILED')),
	CONSTRAINT "print_jobs_paper_width_check" CHECK ("print_jobs"."paper_width" in (58, 80)),
	CONSTRAINT "print_jobs_attempts_check" CHECK ("print_jobs"."attempts" >= 0),
	CONSTRAINT "print_jobs_printed_check" CHECK (("print_jobs"."status" = 'PRINTED') = ("print_jobs"."printed_at" is not null)),
	CONSTRAINT "print_jobs_lease_check" CHECK (("print_jobs"."status" = 'SENDING') = ("print_jobs"."lease" is not null and "print_jobs"."lease_until" is not null))
);
--> statement-breakpoint
ALTER TABLE "kitchens" ADD COLUMN "printer" text;--> statement-breakpoint
ALTER TABLE "kitchens" ADD COLUMN "printer_fallback" text;--> statement-breakpoint
ALTER TABLE "kitchens" ADD COLUMN "paper_width" smallint DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "kitchens" ADD COLUMN "auto_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_kitchen_fk" FOREIGN KEY ("kitchen_id","store_id") REFERENCES "public"."kitchens"("id","store_id") ON DELETE set null (kitchen_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_fk" FOREIGN KEY ("order_id","store_id") REFERENCES "public"."orders"("id","store_id") ON DELETE set null (order_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_reprint_fk" FOREIGN KEY ("reprint_of") REFERENCES "public"."print_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_store_idx" ON "print_jobs" USING btree ("store_id","id");--> statement-breakpoint
CREATE INDEX "print_jobs_store_status_idx" ON "print_jobs" USING btree ("store_id","status","id");--> statement-breakpoint
CREATE INDEX "print_jobs_store_kitchen_idx" ON "print_jobs" USING btree ("store_id","kitchen_id","id");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("next_try_at","id") WHERE status = 'PENDING' and printer is not null;--> statement-breakpoint
CREATE INDEX "print_jobs_leased_idx" ON "print_jobs" USING btree ("lease_until") WHERE status = 'SENDING';--> statement-breakpoint
CREATE INDEX "print_jobs_agent_idx" ON "print_jobs" USING btree ("store_id","id") WHERE status = 'PENDING' and printer is null;--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_paper_width_check" CHECK ("kitchens"."paper_width" in (58, 80));--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_printer_check" CHECK (char_length("kitchens"."printer") between 1 and 260);--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_printer_fallback_check" CHECK (char_length("kitchens"."printer_fallback") between 1 and 260);