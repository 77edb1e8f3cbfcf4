-- Issue 32: the sandbox keeps each refund's reference (more_info) for its look-up's related transactions.
ALTER TABLE "sandbox_payplus_refunds" ADD COLUMN "more_info" text;
--> statement-breakpoint
-- An order's payment page closes at its expiry_datetime; the order holds its units until then.
ALTER TABLE "orders" ADD COLUMN "payable_until" timestamp with time zone;
--> statement-breakpoint
-- The charges that paid an order: one, or the parts of a split payment, each refunded on its own.
ALTER TABLE "orders" ADD COLUMN "charges" jsonb;
--> statement-breakpoint
-- One refund of an order at a time: a refund claims the order until it is recorded or refused.
ALTER TABLE "orders" ADD COLUMN "refund_claimed_until" timestamp with time zone;
