-- Issue 40: how each product reaches the buyer, and the gift card an order may carry.
-- A category's delivery kind ('hand': fresh flowers on a chosen date where the shop delivers; 'courier': anywhere in
-- 2 to 5 business days); a product may override it (null = as its category). Existing categories named like "fresh"
-- become hand-delivered, the rest stay with the courier as every order was until now.
CREATE TYPE "public"."delivery_kind" AS ENUM('hand', 'courier');--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "delivery_kind" "delivery_kind" DEFAULT 'courier' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "delivery_kind" "delivery_kind";--> statement-breakpoint
UPDATE "categories" SET "delivery_kind" = 'hand' WHERE "name" ILIKE '%fresh%';--> statement-breakpoint
-- checkout_invoice (0009) also writes the gift card (new_invoice.gift, null for none) with the order, in the same
-- transaction; a double submit finds its pending invoice only when the card is the same too, so a card changed
-- between two clicks makes a new invoice (and releases the old one's stock, as any newer invoice of the buyer does).
CREATE OR REPLACE FUNCTION checkout_invoice(
  buyer_id integer, bag_id integer, address_id integer, checked_at timestamptz, bag_lines jsonb, new_invoice jsonb,
  new_items jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  same record;
  held jsonb;
  shortfalls jsonb;
  new_order integer;
BEGIN
  PERFORM pg_advisory_xact_lock(buyer_id);
  IF checkout_bag(bag_id) <> bag_lines THEN
    RETURN jsonb_build_object('outcome', 'changed');
  END IF;

  -- A pending invoice of this buyer to this address for exactly these lines; looked for only when there is one at all.
  IF EXISTS (
    SELECT 1 FROM pending_invoices(buyer_id, address_id, checked_at) o WHERE o.provider_order_id IS NOT NULL
  ) THEN
    SELECT o.invoice_id, o.provider_order_id, o.total_paise INTO same
    FROM pending_invoices(buyer_id, address_id, checked_at) o
    WHERE o.provider_order_id IS NOT NULL
      AND o.gift IS NOT DISTINCT FROM nullif(new_invoice -> 'gift', 'null'::jsonb)
      AND (SELECT array_agg(k ORDER BY k) FROM (
            SELECT i.product_id || ':' || i.quantity || ':' || i.size AS k FROM order_items i WHERE i.order_id = o.id
          ) keys)
        = (SELECT array_agg(k ORDER BY k) FROM (
            SELECT l."productId" || ':' || l.quantity || ':' || l.size AS k
            FROM jsonb_to_recordset(bag_lines) AS l("productId" integer, quantity integer, size text)
          ) keys)
    ORDER BY o.id
    LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'pending', 'invoiceId', same.invoice_id,
        'providerOrderId', same.provider_order_id, 'totalPaise', same.total_paise);
    END IF;
  END IF;

  -- What the buyer's other pending invoices hold goes back as this one takes its own, in take_stock's one pass over
  -- the products in id order; counted back in what a shortfall says is left.
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
    UPDATE orders SET payment_state = 'expired', updated_at = checked_at WHERE user_id = buyer_id AND payment_state = 'pending';
  END IF;

  INSERT INTO orders (invoice_id, user_id, cart_id, provider_order_id, address, subtotal_paise, tax_paise, total_paise,
    reservation_expires_at, gift, created_at, updated_at)
  SELECT o.invoice_id, buyer_id, bag_id, o.provider_order_id, o.address, o.subtotal_paise, o.tax_paise, o.total_paise,
    o.reservation_expires_at, nullif(new_invoice -> 'gift', 'null'::jsonb), checked_at, checked_at
  FROM jsonb_populate_record(NULL::orders, new_invoice) o
  RETURNING id INTO new_order;
  INSERT INTO order_items (order_id, product_id, product_name, item_code, size, quantity, unit_price_paise, mrp_paise,
    gst_rate_bp, line_total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise)
  SELECT new_order, i.product_id, i.product_name, i.item_code, i.size, i.quantity, i.unit_price_paise, i.mrp_paise,
    i.gst_rate_bp, i.line_total_paise, i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise
  FROM jsonb_populate_recordset(NULL::order_items, new_items) i;
  RETURN jsonb_build_object('outcome', 'created');
END
$$;
