ALTER TABLE "orders" ADD COLUMN "mails_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_mails_due" ON "orders" USING btree ("paid_at") WHERE "orders"."mails_due";