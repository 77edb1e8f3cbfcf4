-- What became of each mail a shopper is owed as the order moves on (issue 41, decision 262).
CREATE TABLE "order_mail_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_mail_events_key_idx" ON "order_mail_events" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "order_mail_events_order_idx" ON "order_mail_events" USING btree ("order_id","at");
