-- Refunds (issue 39): an order can be Cancelled before dispatch, its money be refund_pending and then refunded; each
-- captured payment keeps its own way back (a second payment on a paid order is due back, never dropped), and the
-- reconciliation job remembers when it last asked the provider about an unpaid order.
CREATE TYPE "public"."refund_state" AS ENUM('due', 'pending', 'processed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'Cancelled';--> statement-breakpoint
ALTER TYPE "public"."payment_state" ADD VALUE 'refund_pending';--> statement-breakpoint
ALTER TYPE "public"."payment_state" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_state" "refund_state";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_refund_open" ON "payments" USING btree ("refund_state") WHERE "payments"."refund_state" in ('due', 'pending');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_refund_id_unique" UNIQUE("provider_refund_id");