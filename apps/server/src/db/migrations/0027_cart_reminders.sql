-- A checkout left half-way (issue 36, decision 282): the one reminder an unpaid order may get,
-- with the restore link's hashed secret. Unique per order, so two processes send one.
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"secret_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_order_idx" ON "cart_reminders" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "cart_reminders_email_sent_idx" ON "cart_reminders" USING btree ("email","sent_at");
--> statement-breakpoint
-- The job asks, per left order, whether its shopper ordered or paid since: by address.
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree (lower("customer"->>'email'), "created_at");
