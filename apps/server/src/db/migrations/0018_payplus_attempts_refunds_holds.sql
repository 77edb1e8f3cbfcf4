-- Issue 32: the sandbox keeps each refund's reference (more_info) for its look-up's related transactions.
ALTER TABLE "sandbox_payplus_refunds" ADD COLUMN "more_info" text;
