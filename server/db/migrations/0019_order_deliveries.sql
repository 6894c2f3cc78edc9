-- Issue 40: an order's deliveries (one per delivery kind in its bag), their date, slot, fee with its tax, and where each
-- stands on the florist's Deliveries board. Written by checkout_invoice with the order (a later migration).
CREATE TYPE "public"."delivery_status" AS ENUM('scheduled', 'out_for_delivery', 'delivered', 'attempted');--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "delivery_kind" NOT NULL,
	"date" date NOT NULL,
	"slot_id" integer,
	"slot_name" text,
	"window_start_minute" integer,
	"window_end_minute" integer,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"fee_gst_rate_bp" integer,
	"fee_taxable_paise" integer DEFAULT 0 NOT NULL,
	"fee_cgst_paise" integer DEFAULT 0 NOT NULL,
	"fee_sgst_paise" integer DEFAULT 0 NOT NULL,
	"fee_igst_paise" integer DEFAULT 0 NOT NULL,
	"status" "delivery_status" DEFAULT 'scheduled' NOT NULL,
	"status_note" text DEFAULT '' NOT NULL,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliveries_fee" CHECK ("order_deliveries"."fee_paise" >= 0 and "order_deliveries"."fee_taxable_paise" >= 0),
	CONSTRAINT "order_deliveries_slot" CHECK (("order_deliveries"."kind" = 'courier') = ("order_deliveries"."slot_id" is null))
);
--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_deliveries_order_kind" ON "order_deliveries" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_deliveries_date" ON "order_deliveries" USING btree ("date","kind");