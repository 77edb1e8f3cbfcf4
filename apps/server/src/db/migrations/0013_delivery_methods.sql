CREATE TABLE "delivery_excluded_cities" (
	"city" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	"free_above_agorot" integer,
	"zones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_address" text,
	"opening_hours" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_methods_days" CHECK ("delivery_methods"."days_min" >= 0 AND "delivery_methods"."days_min" <= "delivery_methods"."days_max"),
	CONSTRAINT "delivery_methods_free_above_positive" CHECK ("delivery_methods"."free_above_agorot" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" jsonb;