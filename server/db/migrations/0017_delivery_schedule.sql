CREATE TYPE "public"."delivery_booking_state" AS ENUM('held', 'confirmed', 'released');--> statement-breakpoint
CREATE TYPE "public"."delivery_slot_kind" AS ENUM('standard', 'fixed', 'early', 'midnight');--> statement-breakpoint
CREATE TABLE "delivery_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"date" date NOT NULL,
	"state" "delivery_booking_state" DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_holidays" (
	"date" date PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"courier_fee_paise" integer DEFAULT 0 NOT NULL,
	"courier_sundays_off" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1),
	CONSTRAINT "delivery_settings_fee" CHECK ("delivery_settings"."courier_fee_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_slot_days" (
	"slot_id" integer NOT NULL,
	"date" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_days_slot_id_date_pk" PRIMARY KEY("slot_id","date"),
	CONSTRAINT "delivery_slot_days_booked" CHECK ("delivery_slot_days"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "delivery_slot_kind" NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"fee_paise" integer DEFAULT 0 NOT NULL,
	"cutoff_days_before" integer DEFAULT 0 NOT NULL,
	"cutoff_minute" integer NOT NULL,
	"capacity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slots_window" CHECK ("delivery_slots"."start_minute" >= 0 and "delivery_slots"."start_minute" < "delivery_slots"."end_minute" and "delivery_slots"."end_minute" < 1440),
	CONSTRAINT "delivery_slots_cutoff" CHECK ("delivery_slots"."cutoff_minute" >= 0 and "delivery_slots"."cutoff_minute" < 1440 and "delivery_slots"."cutoff_days_before" >= 0),
	CONSTRAINT "delivery_slots_amounts" CHECK ("delivery_slots"."fee_paise" >= 0 and "delivery_slots"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_bookings" ADD CONSTRAINT "delivery_bookings_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slot_days" ADD CONSTRAINT "delivery_slot_days_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_bookings_live_order" ON "delivery_bookings" USING btree ("order_id") WHERE "delivery_bookings"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "delivery_bookings_slot_date" ON "delivery_bookings" USING btree ("slot_id","date");--> statement-breakpoint
-- The demo's defaults (domain/delivery-schedule.ts explains the cut-off): every shop starts from them and the admin
-- changes them on Delivery slots. Standard same day until 4 pm, free; fixed two-hour windows until 2 hours before
-- their start, Rs. 150; early morning the day before until 9 pm, Rs. 200; midnight same day until 6 pm, Rs. 250.
INSERT INTO delivery_slots (name, kind, start_minute, end_minute, fee_paise, cutoff_days_before, cutoff_minute, capacity, position) VALUES
  ('Standard', 'standard', 540, 1260, 0, 0, 960, 20, 1),
  ('Fixed time', 'fixed', 540, 660, 15000, 0, 420, 5, 2),
  ('Fixed time', 'fixed', 660, 780, 15000, 0, 540, 5, 3),
  ('Fixed time', 'fixed', 780, 900, 15000, 0, 660, 5, 4),
  ('Fixed time', 'fixed', 900, 1020, 15000, 0, 780, 5, 5),
  ('Fixed time', 'fixed', 1020, 1140, 15000, 0, 900, 5, 6),
  ('Fixed time', 'fixed', 1140, 1260, 15000, 0, 1020, 5, 7),
  ('Early morning', 'early', 420, 540, 20000, 1, 1260, 20, 8),
  ('Midnight', 'midnight', 1380, 1439, 25000, 0, 1080, 20, 9);
--> statement-breakpoint
INSERT INTO delivery_settings (id, courier_fee_paise, courier_sundays_off) VALUES (1, 0, true);
--> statement-breakpoint
-- Takes a place in a slot on a date for an order, only when one is left: one statement on the (slot, date) row, which
-- it creates or locks, so concurrent buyers queue on that row and the count can never pass the capacity. Answers the
-- booking's id, or null when the slot is full, inactive or unknown. Meant for the checkout invoice's transaction,
-- after the rules (cut-off, holiday) were checked on the server's clock (server/modules/delivery/schedule.service.ts).
CREATE OR REPLACE FUNCTION book_delivery_slot(booking_order integer, booking_slot integer, booking_date date)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  booking integer;
BEGIN
  INSERT INTO delivery_slot_days AS taken (slot_id, date, booked)
    SELECT s.id, booking_date, 1 FROM delivery_slots s WHERE s.id = booking_slot AND s.active AND s.capacity > 0
  ON CONFLICT (slot_id, date) DO UPDATE SET booked = taken.booked + 1
    WHERE taken.booked < (SELECT s.capacity FROM delivery_slots s WHERE s.id = taken.slot_id AND s.active);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO delivery_bookings (order_id, slot_id, date) VALUES (booking_order, booking_slot, booking_date)
    RETURNING id INTO booking;
  RETURN booking;
END
$$;
--> statement-breakpoint
-- Gives an order's place back (an expired or failed payment, a cancelled order): its live booking is released and the
-- slot's count goes down by one. Answers how many places were given back (0 when it held none, or gave it back already).
CREATE OR REPLACE FUNCTION release_delivery_booking(booking_order integer)
RETURNS integer LANGUAGE sql AS $$
  WITH released AS (
    UPDATE delivery_bookings SET state = 'released', updated_at = now()
    WHERE order_id = booking_order AND state <> 'released'
    RETURNING slot_id, date
  ), freed AS (
    UPDATE delivery_slot_days taken SET booked = taken.booked - 1
    FROM released WHERE taken.slot_id = released.slot_id AND taken.date = released.date
    RETURNING 1
  )
  SELECT count(*)::integer FROM freed;
$$;
