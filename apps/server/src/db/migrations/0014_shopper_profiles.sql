CREATE TABLE "saved_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"label" text,
	"street" text NOT NULL,
	"street_num" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text,
	"entrance" text,
	"floor" text,
	"apartment" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_profiles" (
	"subject" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_subject" text;--> statement-breakpoint
CREATE INDEX "saved_addresses_subject_idx" ON "saved_addresses" USING btree ("subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_addresses_one_default_idx" ON "saved_addresses" USING btree ("subject") WHERE "saved_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "orders_account_subject_idx" ON "orders" USING btree ("account_subject","created_at" DESC NULLS LAST);