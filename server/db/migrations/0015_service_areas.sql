CREATE TABLE "delivery_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pincodes" text NOT NULL,
	"extra_fee_paise" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_areas_fee" CHECK ("delivery_areas"."extra_fee_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_areas_name" ON "delivery_areas" USING btree (lower("name"));