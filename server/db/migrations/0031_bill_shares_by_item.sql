-- A bill split by item (server/service/shares.ts): the items each share pays its payer's part of,
-- so that no item is split twice while its shares stand.
ALTER TABLE "bill_shares" ADD COLUMN "item_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
