-- The sandbox provider's own side (issue 39): the orders, payments and refunds it issued, so that every instance, and
-- this one after a restart, can be asked about them as Razorpay would be. Only the sandbox writes it.
CREATE TABLE "sandbox_provider_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_provider_records_parent" ON "sandbox_provider_records" USING btree ("parent_id");