-- Issue 42: reviews from buyers whose order was delivered. One review per product per buyer (a unique index), editable;
-- the admin hides one with a reason and a hidden review counts nowhere. product_ratings holds each product's visible
-- figures (count and stars per value), rewritten in the transaction of every save or hide, so that the catalogue reads
-- them with a join instead of grouping all reviews on each load; a table of its own keeps products' rows untouched.
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"stars" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "product_reviews_stars" CHECK ("stars" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_text_length" CHECK (char_length("text") <= 1000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_product_user" ON "product_reviews" USING btree ("product_id","user_id");
--> statement-breakpoint
CREATE INDEX "product_reviews_visible" ON "product_reviews" USING btree ("product_id","created_at" DESC,"id" DESC) WHERE "hidden_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "product_reviews_user" ON "product_reviews" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "product_reviews_newest" ON "product_reviews" USING btree ("created_at" DESC,"id" DESC);
--> statement-breakpoint
CREATE TABLE "product_ratings" (
	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id"),
	"one_star" integer DEFAULT 0 NOT NULL,
	"two_stars" integer DEFAULT 0 NOT NULL,
	"three_stars" integer DEFAULT 0 NOT NULL,
	"four_stars" integer DEFAULT 0 NOT NULL,
	"five_stars" integer DEFAULT 0 NOT NULL
);
