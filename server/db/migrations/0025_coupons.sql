-- Issue 42: coupons. The admin's codes with their terms; an order keeps the coupon it used, its code as typed and the
-- discount, and each line its share of it (domain/coupons.ts spreadDiscount), taxed on what is left. A use counts
-- while its order is paid, or pending within its stock reservation (coupon_uses); cancelled and refunded orders give
-- theirs back. checkout_invoice locks the coupon's row and counts its uses in its transaction, so racing buyers can
-- never use a code more often than its limits allow.
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_order_rupees" integer DEFAULT 0 NOT NULL,
	"max_discount_rupees" integer,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"total_limit" integer,
	"per_buyer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"category_ids" integer[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_kind" CHECK ("kind" IN ('percent', 'flat')),
	CONSTRAINT "coupons_dates" CHECK ("valid_to" >= "valid_from")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_coupon" ON "orders" USING btree ("coupon_id") WHERE "coupon_id" IS NOT NULL;
--> statement-breakpoint
-- A coupon's uses as `buyer_id` may still make them: every live use (paid, or pending within its reservation) but the
-- buyer's own pending ones, which her next invoice replaces; `buyer` counts her paid ones alone. `paid` says whether
-- she has ever paid for an order (first order only). Read by the apply check and, under the coupon's lock, by
-- checkout_invoice.
CREATE FUNCTION coupon_uses(coupon integer, buyer_id integer, checked_at timestamptz) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'total', count(*) FILTER (WHERE o.payment_state = 'paid'
        OR (o.payment_state = 'pending' AND o.reservation_expires_at > checked_at AND o.user_id <> buyer_id)),
      'buyer', count(*) FILTER (WHERE o.payment_state = 'paid' AND o.user_id = buyer_id),
      'paid', EXISTS (SELECT 1 FROM orders p WHERE p.user_id = buyer_id
        AND p.payment_state IN ('paid', 'refund_due', 'refund_pending', 'refunded')))
    FROM orders o
    WHERE o.coupon_id = coupon
  );
END
$$;
--> statement-breakpoint
DROP FUNCTION checkout_invoice(integer, integer, integer, timestamptz, jsonb, jsonb, jsonb, jsonb);
--> statement-breakpoint
-- checkout_invoice of 0020, with the order's coupon: `new_invoice` carries coupon_id, coupon_code and discount_paise,
-- `new_items` each line's discount_paise, and `coupon_terms` ({ id, updatedAt } as the server priced it, or null).
-- The coupon's row is locked after the buyer's and before the products', in that order on every call; a coupon
-- changed since it was priced answers 'changed' (priced again), one no longer usable answers 'coupon' with the reason
-- (domain/coupons.ts couponTexts). A double submit finds its pending invoice only with the same coupon and discount.
CREATE FUNCTION checkout_invoice(
  buyer_id integer, bag_id integer, address_id integer, checked_at timestamptz, bag_lines jsonb, new_invoice jsonb,
  new_items jsonb, new_deliveries jsonb, coupon_terms jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  same record;
  held jsonb;
  shortfalls jsonb;
  new_order integer;
  booking record;
  terms record;
  uses jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(buyer_id);
  IF checkout_bag(bag_id) <> bag_lines THEN
    RETURN jsonb_build_object('outcome', 'changed');
  END IF;

  -- A pending invoice of this buyer to this address for exactly these lines, deliveries and coupon.
  IF EXISTS (
    SELECT 1 FROM pending_invoices(buyer_id, address_id, checked_at) o WHERE o.provider_order_id IS NOT NULL
  ) THEN
    SELECT o.invoice_id, o.provider_order_id, o.total_paise INTO same
    FROM pending_invoices(buyer_id, address_id, checked_at) o
    WHERE o.provider_order_id IS NOT NULL
      AND o.gift IS NOT DISTINCT FROM nullif(new_invoice -> 'gift', 'null'::jsonb)
      AND o.coupon_id IS NOT DISTINCT FROM (new_invoice ->> 'coupon_id')::integer
      AND o.discount_paise = coalesce((new_invoice ->> 'discount_paise')::integer, 0)
      AND (SELECT array_agg(k ORDER BY k) FROM (
            SELECT i.product_id || ':' || i.quantity || ':' || i.size AS k FROM order_items i WHERE i.order_id = o.id
          ) keys)
        = (SELECT array_agg(k ORDER BY k) FROM (
            SELECT l."productId" || ':' || l.quantity || ':' || l.size AS k
            FROM jsonb_to_recordset(bag_lines) AS l("productId" integer, quantity integer, size text)
          ) keys)
      AND (SELECT coalesce(array_agg(k ORDER BY k), '{}') FROM (
            SELECT d.kind || ':' || d.date || ':' || coalesce(d.slot_id::text, '-') AS k FROM order_deliveries d WHERE d.order_id = o.id
          ) keys)
        = (SELECT coalesce(array_agg(k ORDER BY k), '{}') FROM (
            SELECT d.kind || ':' || d.date || ':' || coalesce(d.slot_id::text, '-') AS k
            FROM jsonb_populate_recordset(NULL::order_deliveries, new_deliveries) d
          ) keys)
    ORDER BY o.id
    LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'pending', 'invoiceId', same.invoice_id,
        'providerOrderId', same.provider_order_id, 'totalPaise', same.total_paise);
    END IF;
  END IF;

  -- The coupon's limits, counted while its row is locked: a racing buyer waits here until this one commits.
  IF coupon_terms IS NOT NULL AND coupon_terms <> 'null'::jsonb THEN
    SELECT c.active, c.total_limit, c.per_buyer_limit, c.first_order_only,
      date_trunc('milliseconds', c.updated_at) = (coupon_terms ->> 'updatedAt')::timestamptz AS unchanged
    INTO terms FROM coupons c WHERE c.id = (coupon_terms ->> 'id')::integer FOR UPDATE;
    IF NOT FOUND OR NOT terms.active THEN
      RETURN jsonb_build_object('outcome', 'coupon', 'reason', 'unknown');
    END IF;
    IF NOT terms.unchanged THEN
      RETURN jsonb_build_object('outcome', 'changed');
    END IF;
    uses := coupon_uses((coupon_terms ->> 'id')::integer, buyer_id, checked_at);
    IF terms.first_order_only AND (uses ->> 'paid')::boolean THEN
      RETURN jsonb_build_object('outcome', 'coupon', 'reason', 'firstOrderOnly');
    END IF;
    IF terms.per_buyer_limit IS NOT NULL AND (uses ->> 'buyer')::integer >= terms.per_buyer_limit THEN
      RETURN jsonb_build_object('outcome', 'coupon', 'reason', 'usedByBuyer');
    END IF;
    IF terms.total_limit IS NOT NULL AND (uses ->> 'total')::integer >= terms.total_limit THEN
      RETURN jsonb_build_object('outcome', 'coupon', 'reason', 'usedUp');
    END IF;
  END IF;

  BEGIN
    -- What the buyer's other pending invoices hold goes back as this one takes its own (0009).
    held := held_units(buyer_id);
    shortfalls := take_stock(bag_lines || (
      SELECT coalesce(jsonb_agg(jsonb_build_object('productId', h.key::integer, 'quantity', -h.value::integer)), '[]'::jsonb)
      FROM jsonb_each_text(held) h));
    IF shortfalls <> '[]'::jsonb THEN
      RETURN jsonb_build_object('outcome', 'short', 'shortfalls', (
        SELECT jsonb_agg(jsonb_build_object('productId', s."productId",
          'available', s.available + coalesce((held ->> s."productId"::text)::integer, 0)))
        FROM jsonb_to_recordset(shortfalls) AS s("productId" integer, available integer)));
    END IF;
    IF held <> '{}'::jsonb THEN
      PERFORM release_delivery_booking(o.id) FROM orders o WHERE o.user_id = buyer_id AND o.payment_state = 'pending';
      UPDATE orders SET payment_state = 'expired', updated_at = checked_at WHERE user_id = buyer_id AND payment_state = 'pending';
    END IF;

    INSERT INTO orders (invoice_id, user_id, cart_id, provider_order_id, address, subtotal_paise, tax_paise, total_paise,
      reservation_expires_at, gift, coupon_id, coupon_code, discount_paise, created_at, updated_at)
    SELECT o.invoice_id, buyer_id, bag_id, o.provider_order_id, o.address, o.subtotal_paise, o.tax_paise, o.total_paise,
      o.reservation_expires_at, nullif(new_invoice -> 'gift', 'null'::jsonb), o.coupon_id, o.coupon_code,
      coalesce(o.discount_paise, 0), checked_at, checked_at
    FROM jsonb_populate_record(NULL::orders, new_invoice) o
    RETURNING id INTO new_order;
    INSERT INTO order_items (order_id, product_id, product_name, item_code, size, quantity, unit_price_paise, mrp_paise,
      gst_rate_bp, line_total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, discount_paise)
    SELECT new_order, i.product_id, i.product_name, i.item_code, i.size, i.quantity, i.unit_price_paise, i.mrp_paise,
      i.gst_rate_bp, i.line_total_paise, i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise, coalesce(i.discount_paise, 0)
    FROM jsonb_populate_recordset(NULL::order_items, new_items) i;
    INSERT INTO order_deliveries (order_id, kind, date, slot_id, slot_name, window_start_minute, window_end_minute,
      fee_paise, fee_gst_rate_bp, fee_taxable_paise, fee_cgst_paise, fee_sgst_paise, fee_igst_paise, created_at, updated_at)
    SELECT new_order, d.kind, d.date, d.slot_id, d.slot_name, d.window_start_minute, d.window_end_minute,
      d.fee_paise, d.fee_gst_rate_bp, d.fee_taxable_paise, d.fee_cgst_paise, d.fee_sgst_paise, d.fee_igst_paise,
      checked_at, checked_at
    FROM jsonb_populate_recordset(NULL::order_deliveries, new_deliveries) d;
    FOR booking IN
      SELECT d.slot_id, d.date FROM jsonb_populate_recordset(NULL::order_deliveries, new_deliveries) d WHERE d.slot_id IS NOT NULL
    LOOP
      IF book_delivery_slot(new_order, booking.slot_id, booking.date) IS NULL THEN
        RAISE EXCEPTION 'delivery slot % on % is full', booking.slot_id, booking.date USING ERRCODE = 'SF001';
      END IF;
    END LOOP;
    RETURN jsonb_build_object('outcome', 'created');
  EXCEPTION WHEN SQLSTATE 'SF001' THEN
    RETURN jsonb_build_object('outcome', 'full');
  END;
END
$$;
