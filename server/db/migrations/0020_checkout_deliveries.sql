-- Issue 40: the delivery date, slot and fee become part of the order. The checkout invoice now writes the order's
-- deliveries (order_deliveries, one per delivery kind of the bag, with the fee and its tax as the server priced them)
-- and takes the hand delivery's place in its slot (book_delivery_slot), in the same transaction as the stock: a slot
-- found full takes nothing, writes no order and answers 'full'.

-- The bag's lines as in 0006, each with how it is delivered: the product's own kind, else its category's.
CREATE OR REPLACE FUNCTION checkout_bag(bag_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg((
      SELECT jsonb_build_object(
        'productId', p.id, 'productName', p.name, 'itemCode', p.item_code, 'size', line.size, 'quantity', line.quantity,
        'unitPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise, 'isRemoved', p.is_removed,
        'gstRateBp', c.gst_rate_bp, 'deliveryKind', coalesce(p.delivery_kind, c.delivery_kind, 'courier'))
      FROM products p LEFT JOIN LATERAL (SELECT k.gst_rate_bp, k.delivery_kind FROM categories k WHERE k.id = p.category_id) c ON true
      WHERE p.id = line.product_id
    ) ORDER BY line.product_id, line.id), '[]'::jsonb)
    FROM cart_items line
    WHERE line.cart_id = bag_id
  );
END
$$;
--> statement-breakpoint
DROP FUNCTION checkout_invoice(integer, integer, integer, timestamptz, jsonb, jsonb, jsonb);
--> statement-breakpoint
-- checkout_invoice of 0018, with the order's deliveries (`new_deliveries`: order_deliveries rows as JSON). A double
-- submit finds its pending invoice only when the deliveries (kind, date, slot) are the same too. A newer invoice of the
-- buyer gives back the slot places its older pending ones held, before it takes its own. Everything from the stock on
-- runs in one block: a slot that is full by the time its place is taken undoes the stock, the order and its rows.
CREATE FUNCTION checkout_invoice(
  buyer_id integer, bag_id integer, address_id integer, checked_at timestamptz, bag_lines jsonb, new_invoice jsonb,
  new_items jsonb, new_deliveries jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  same record;
  held jsonb;
  shortfalls jsonb;
  new_order integer;
  booking record;
BEGIN
  PERFORM pg_advisory_xact_lock(buyer_id);
  IF checkout_bag(bag_id) <> bag_lines THEN
    RETURN jsonb_build_object('outcome', 'changed');
  END IF;

  -- A pending invoice of this buyer to this address for exactly these lines and deliveries.
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
