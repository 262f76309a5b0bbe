-- The service charge taken off one guest's bill ("tira os 10 %"), with the staff's reason; who and
-- when are in the audit trail. refreshTotals (server/service/totals.ts) charges such a ticket no service.
ALTER TABLE "tickets" ADD COLUMN "service_removed_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_service_removed_reason_check" CHECK ("tickets"."service_removed_reason" is null or char_length(btrim("tickets"."service_removed_reason")) between 1 and 300);