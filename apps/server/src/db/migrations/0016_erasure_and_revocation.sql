-- Issue 33. When an order's personal fields were masked (decision 201); orders masked before
-- this column existed are recognised by the e-mail the masking wrote.
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "personal_data_erased_at" = "updated_at"
  WHERE "customer"->>'email' LIKE 'erased-%@invalid';--> statement-breakpoint
-- Access tokens of a deleted account are refused from the moment it was deleted, not when
-- they run out (decision 234): one row per identity-provider subject.
CREATE TABLE "revoked_subjects" (
	"subject" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
