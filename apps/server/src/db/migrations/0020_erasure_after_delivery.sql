-- A deleted account's open orders keep their delivery details until they close (decision 254).
ALTER TABLE "orders" ADD COLUMN "erasure_requested_at" timestamp with time zone;
