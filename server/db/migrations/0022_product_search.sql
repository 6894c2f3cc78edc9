-- Issue 42: search that forgives typos. Full-text search (english, accents folded) over the product's name and
-- description, and over category and sub-category names in their own tables (an index expression cannot reach
-- another table; search.queries.ts joins them); pg_trgm's word similarity over names, so that "gerbra" still finds
-- gerberas. unaccent() is only STABLE (its dictionary could change), so indexes go through an IMMUTABLE wrapper that
-- names the dictionary.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE FUNCTION shop_unaccent(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
CREATE FUNCTION shop_search_text(text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
	AS $$ SELECT lower(public.shop_unaccent($1)) $$;
--> statement-breakpoint
CREATE FUNCTION shop_search_vector(name text, description text) RETURNS tsvector
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT setweight(to_tsvector('english'::regconfig, coalesce(public.shop_unaccent(name), '')), 'A')
		|| setweight(to_tsvector('english'::regconfig, coalesce(public.shop_unaccent(description), '')), 'C') $$;
--> statement-breakpoint
-- Stored, not only indexed: ranking reads it for every candidate, and computing it again per row cost most of a search.
ALTER TABLE "products" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (public.shop_search_vector("name", "description")) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_document" ON "products" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "products_name_trigrams" ON "products" USING gin (shop_search_text("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");
--> statement-breakpoint
CREATE INDEX "categories_search_document" ON "categories" USING gin (shop_search_vector("name", NULL));
--> statement-breakpoint
CREATE INDEX "categories_name_trigrams" ON "categories" USING gin (shop_search_text("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sub_categories_search_document" ON "sub_categories" USING gin (shop_search_vector("name", NULL));
--> statement-breakpoint
CREATE INDEX "sub_categories_name_trigrams" ON "sub_categories" USING gin (shop_search_text("name") gin_trgm_ops);
