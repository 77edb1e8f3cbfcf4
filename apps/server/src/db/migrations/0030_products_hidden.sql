-- Products the owner hides from the shop without deleting them (issue 37, decision 293): every
-- storefront read and checkout leaves them out; the admin still lists and edits them.
ALTER TABLE "products" ADD COLUMN "is_hidden" boolean DEFAULT false NOT NULL;
