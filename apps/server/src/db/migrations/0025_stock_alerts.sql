-- Back-in-stock alerts per size (issue 36, decision 277): one row per confirmed alert,
-- deleted when its one mail is queued or its product or size is gone. No foreign key to
-- the catalogue, like favourites: the sweep drops what no longer exists.
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"confirmation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"mailbox" text NOT NULL,
	"subject" text,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"size" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"request_address" text,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirm_address" text,
	CONSTRAINT "stock_alerts_item_type_check" CHECK ("item_type" IN ('Product', 'Package'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_confirmation_idx" ON "stock_alerts" USING btree ("confirmation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_email_item_idx" ON "stock_alerts" USING btree ("email","item_type","item_id","size");
--> statement-breakpoint
CREATE INDEX "stock_alerts_item_idx" ON "stock_alerts" USING btree ("item_type","item_id","size");
--> statement-breakpoint
CREATE INDEX "stock_alerts_mailbox_idx" ON "stock_alerts" USING btree ("mailbox");
--> statement-breakpoint
CREATE INDEX "stock_alerts_subject_idx" ON "stock_alerts" USING btree ("subject");
--> statement-breakpoint
-- A new purpose of the e-mailed confirmations (decision 237).
ALTER TABLE "email_confirmations" DROP CONSTRAINT "email_confirmations_purpose_check";
--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_purpose_check" CHECK ("purpose" in ('newsletter', 'early-adapter', 'deletion', 'cancellation', 'stock-alert'));
