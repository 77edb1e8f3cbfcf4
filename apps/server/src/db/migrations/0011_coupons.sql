CREATE TABLE "coupon_redemptions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"coupon_id" uuid NOT NULL,
	"email" text NOT NULL,
	"customer_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"minimum_agorot" integer,
	"starts_on" date,
	"ends_on" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"one_per_customer" boolean DEFAULT false NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"issued_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_used_count_not_negative" CHECK ("coupons"."used_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "welcome_coupon_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_agorot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_issued_to_idx" ON "coupons" USING btree ("issued_to");--> statement-breakpoint
-- Custom (decision 223): an order that fails or is cancelled (by hand, or as expired) gives
-- its coupon use back; a payment that still arrives for such an order (the money was
-- taken) counts the use again, over the limit if need be. Whatever code moves the status.
CREATE OR REPLACE FUNCTION "coupon_use_follows_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('failed', 'cancelled') AND OLD."status" NOT IN ('failed', 'cancelled') THEN
    DELETE FROM "coupon_redemptions" WHERE "order_id" = NEW."id";
    IF FOUND THEN
      UPDATE "coupons" SET "used_count" = "used_count" - 1 WHERE "id" = NEW."coupon_id";
    END IF;
  ELSIF NEW."status" NOT IN ('failed', 'cancelled') AND OLD."status" IN ('failed', 'cancelled') THEN
    INSERT INTO "coupon_redemptions" ("order_id", "coupon_id", "email")
      VALUES (NEW."id", NEW."coupon_id", lower(NEW."customer"->>'email'))
      ON CONFLICT DO NOTHING;
    IF FOUND THEN
      UPDATE "coupons" SET "used_count" = "used_count" + 1 WHERE "id" = NEW."coupon_id";
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_coupon_use" AFTER UPDATE OF "status" ON "orders" FOR EACH ROW
  WHEN (NEW."coupon_id" IS NOT NULL AND OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "coupon_use_follows_order"();
