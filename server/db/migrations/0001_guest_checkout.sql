ALTER TABLE "guest_sessions" ADD COLUMN "checkout_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD COLUMN "pending_address" jsonb;