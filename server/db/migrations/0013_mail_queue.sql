CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"order_id" integer,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_unsent" ON "mails" USING btree ("created_at") WHERE "mails"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "mails_failed" ON "mails" USING btree ("updated_at") WHERE "mails"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "mails_claimed_until";