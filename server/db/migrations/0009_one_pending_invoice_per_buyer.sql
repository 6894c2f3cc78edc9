-- One pending invoice per buyer (issue 39). A buyer could hold most of a product's stock for a reservation's length
-- by making invoices for other quantities or addresses, again and again. Now a new invoice releases the buyer's older
-- pending ones (expired; a late payment for one takes its stock again when it can, as for any expired invoice), and
-- the units they hold count as the buyer's own, both in what checkout_buyer says is left and in checkout_invoice.
-- A double submit still gets its own pending invoice back, untouched.

-- What the buyer's pending invoices hold, as { "<product id>": units }. PL/pgSQL, so that its plan is kept between
-- calls; the buyer's orders are read first, by key, as in pending_invoices (0005): a planner whose statistics lag a
-- rush of new orders would otherwise start from the lines.
CREATE FUNCTION held_units(buyer_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    WITH mine AS MATERIALIZED (SELECT o.id FROM orders o WHERE o.user_id = buyer_id AND o.payment_state = 'pending')
    SELECT coalesce(jsonb_object_agg(held.product_id, held.units), '{}'::jsonb)
    FROM (
      SELECT i.product_id, sum(i.quantity)::integer AS units FROM mine JOIN order_items i ON i.order_id = mine.id
      GROUP BY i.product_id
    ) held
  );
END
$$;
--> statement-breakpoint
-- As in 0006, with the buyer's held units counted as left.
CREATE OR REPLACE FUNCTION checkout_buyer(
  user_ext_id text, guest_session text, address_id integer, checked_at timestamptz
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  buyer_id integer;
  bag_id integer;
  held jsonb;
BEGIN
  SELECT u.id INTO buyer_id FROM users u WHERE u.external_id = user_ext_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF guest_session IS NULL THEN
    SELECT c.id INTO bag_id FROM carts c WHERE c.user_id = buyer_id;
  ELSE
    SELECT c.id INTO bag_id FROM carts c WHERE c.guest_session_id = guest_session;
  END IF;
  held := held_units(buyer_id);
  RETURN jsonb_build_object(
    'userId', buyer_id,
    'address', (
      SELECT jsonb_build_object('addressId', a.id, 'fullName', a.full_name, 'address', a.address,
        'locality', a.locality, 'landmark', a.landmark, 'city', a.city, 'pincode', a.pincode, 'state', a.state,
        'country', a.country, 'phoneNumber', a.phone_number)
      FROM addresses a WHERE a.id = address_id AND a.user_id = buyer_id),
    'cartId', bag_id,
    'lines', checkout_bag(bag_id),
    'stock', (
      SELECT coalesce(jsonb_object_agg(line.product_id,
        (SELECT p.stock FROM products p WHERE p.id = line.product_id) + coalesce((held ->> line.product_id::text)::integer, 0)),
        '{}'::jsonb)
      FROM cart_items line WHERE line.cart_id = bag_id),
    'pending', EXISTS (SELECT 1 FROM pending_invoices(buyer_id, address_id, checked_at))
  );
END
$$;
--> statement-breakpoint
-- As in 0006, releasing the buyer's older pending invoices as it takes the stock.
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
    reservation_expires_at, created_at, updated_at)
  SELECT o.invoice_id, buyer_id, bag_id, o.provider_order_id, o.address, o.subtotal_paise, o.tax_paise, o.total_paise,
    o.reservation_expires_at, checked_at, checked_at
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
