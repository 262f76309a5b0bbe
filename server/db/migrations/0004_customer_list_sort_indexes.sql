-- Every sort of the customer list gets an index that also carries the list's two filters (gender,
-- feedhunter): a filtered page, however deep, is then found by an index-only scan. Before, page 100
-- of the women sorted by name read 20,000 rows from the table, and a sort by e-mail or username
-- (whose unique keys are on lower(…) and cannot serve it) sorted all 1,000,000 customers.
DROP INDEX "customers_fullname_idx";--> statement-breakpoint
DROP INDEX "customers_created_at_idx";--> statement-breakpoint
CREATE INDEX "customers_username_idx" ON "customers" USING btree ("username","id","gender","feedhunter");--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email","id","gender","feedhunter");--> statement-breakpoint
CREATE INDEX "customers_fullname_idx" ON "customers" USING btree ("fullname","id","gender","feedhunter");--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id","gender","feedhunter");