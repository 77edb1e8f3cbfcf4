-- Issue 33 (decisions 237–239): nothing is done in someone's name by e-mail before that
-- mailbox confirms it. Pending confirmations, the key their links are signed with, the
-- proof kept with each confirmed consent, deletion request and cancellation, and one
-- welcome coupon per mailbox.
CREATE TABLE "email_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"mailbox" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_address" text,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirm_address" text,
	CONSTRAINT "email_confirmations_purpose_check" CHECK ("email_confirmations"."purpose" in ('newsletter', 'early-adapter', 'deletion', 'cancellation'))
);
--> statement-breakpoint
CREATE INDEX "email_confirmations_mailbox_idx" ON "email_confirmations" USING btree ("mailbox","requested_at");--> statement-breakpoint
CREATE INDEX "email_confirmations_email_idx" ON "email_confirmations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_confirmations_expires_idx" ON "email_confirmations" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "confirmation_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "request_address" text;--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD COLUMN "consent_address" text;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "confirmation_id" uuid;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "request_address" text;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_deletion_requests" ADD COLUMN "confirm_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "data_deletion_requests_confirmation_idx" ON "data_deletion_requests" USING btree ("confirmation_id");--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "confirmation_id" uuid;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "request_address" text;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD COLUMN "confirm_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_confirmation_idx" ON "cancellation_requests" USING btree ("confirmation_id");--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "issued_to_mailbox" text;--> statement-breakpoint
-- The mailbox of each welcome coupon issued so far (lib/mailbox.ts: lower case, no +tag, and
-- at Gmail no dots and gmail.com). Where aliases already collected several, the first keeps
-- the mailbox and the others stay as they were: bound to their own address at checkout,
-- still one use each; the owner can switch them off in the coupons list.
UPDATE "coupons" SET "issued_to_mailbox" = "folded"."mailbox"
FROM (
	SELECT "id", "mailbox", row_number() OVER (PARTITION BY "mailbox" ORDER BY "created_at", "id") AS "n"
	FROM (
		SELECT "id", "created_at",
			CASE WHEN "domain" IN ('gmail.com', 'googlemail.com')
				THEN coalesce(nullif(replace("untagged", '.', ''), ''), "untagged") || '@gmail.com'
				ELSE "untagged" || '@' || "domain"
			END AS "mailbox"
		FROM (
			SELECT "id", "created_at",
				split_part(lower(trim("issued_to")), '@', 2) AS "domain",
				coalesce(nullif(split_part(split_part(lower(trim("issued_to")), '@', 1), '+', 1), ''), split_part(lower(trim("issued_to")), '@', 1)) AS "untagged"
			FROM "coupons" WHERE "issued_to" IS NOT NULL
		) AS "parts"
	) AS "mailboxes"
) AS "folded"
WHERE "coupons"."id" = "folded"."id" AND "folded"."n" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_issued_to_mailbox_idx" ON "coupons" USING btree ("issued_to_mailbox");
