-- Couriers and tracking numbers (issue 41, decision 263). The order keeps a copy of the courier
-- with the number (jsonb, like its delivery method), so a removed courier leaves its links whole.
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url_pattern" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_idx" ON "couriers" USING btree (lower("name"));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking" jsonb;
--> statement-breakpoint
-- Israel Post's public item-trace page (README, "Tracking"); the owner may remove it or add others.
INSERT INTO "couriers" ("name", "url_pattern") VALUES ('דואר ישראל', 'https://mypost.israelpost.co.il/itemtrace?itemcode={number}');
