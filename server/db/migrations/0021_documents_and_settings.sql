-- Issue 41: the shop's legal details (one settings row), HSN codes per category and product (flowers 0603), the GST
-- documents as issued with their per-series, per-financial-year counters, and the dev outbox's attachments.
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"gstin" text NOT NULL,
	"invoice_prefix" text NOT NULL,
	"credit_note_prefix" text NOT NULL,
	"signatory" text NOT NULL,
	"low_stock_threshold" integer NOT NULL,
	"gift_place_of_supply" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_code" text DEFAULT '0603' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_sequence" ON "tax_documents" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_series" ON "tax_documents" USING btree ("order_id","series");