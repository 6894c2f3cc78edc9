-- A checkout invoice in two calls (server/modules/orders/invoice.service.ts): checkout_buyer reads what the server
-- prices, then checkout_invoice locks, checks, takes the stock and writes the order in one round trip and one
-- transaction (a statement on its own commits on its own). Each statement of a PL/pgSQL function sees what was
-- committed before it started, so a double submit that waited on the user's lock finds the first invoice. PL/pgSQL
-- also keeps its statements' plans for the connection's life: planning the read took the database longer than
-- running it.

-- The buyer's bag, priced from the catalogue as it is now: one JSON array in product id order.
CREATE FUNCTION checkout_bag(bag_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'productId', p.id, 'productName', p.name, 'itemCode', p.item_code, 'size', line.size, 'quantity', line.quantity,
      'unitPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise, 'isRemoved', p.is_removed,
      'gstRateBp', c.gst_rate_bp
    ) ORDER BY line.product_id, line.id), '[]'::jsonb)
    FROM cart_items line
    JOIN products p ON p.id = line.product_id
    LEFT JOIN categories c ON c.id = p.category_id
    WHERE line.cart_id = bag_id
  );
END
$$;
--> statement-breakpoint
-- The buyer's pending, unexpired invoices to this address. The buyer's orders are found first, by their user (a
-- handful): left to choose, a planner whose statistics lag a rush of new orders (autovacuum analyzes now and then;
-- PGlite only in the hourly maintenance run) went through every pending order of the shop instead.
CREATE FUNCTION pending_invoices(buyer_id integer, address_id integer, checked_at timestamptz)
RETURNS SETOF orders LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    WITH mine AS MATERIALIZED (SELECT * FROM orders o WHERE o.user_id = buyer_id)
    SELECT * FROM mine o
    WHERE o.payment_state = 'pending' AND o.reservation_expires_at > checked_at
      AND (o.address ->> 'addressId')::integer = address_id;
END
$$;
--> statement-breakpoint
-- The buyer (by external id), the saved address (null unless it is theirs) as the order snapshots it, and their bag
-- priced: a guest session's bag when `guest_session` is given (a verified guest pays for it under the linked account),
-- else the user's. Also what the bag's products have left, and whether an invoice of this buyer to this address is
-- pending, so that the server refuses a bag that cannot be had before it asks the provider for an order (only a
-- double submit may find its own invoice holding the last units). Null when there is no such user.
CREATE FUNCTION checkout_buyer(user_ext_id text, guest_session text, address_id integer, checked_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  buyer_id integer;
  bag_id integer;
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
      SELECT coalesce(jsonb_object_agg(p.id, p.stock), '{}'::jsonb) FROM products p
      WHERE p.id IN (SELECT line.product_id FROM cart_items line WHERE line.cart_id = bag_id)),
    'pending', EXISTS (SELECT 1 FROM pending_invoices(buyer_id, address_id, checked_at))
  );
END
$$;
--> statement-breakpoint
-- Takes every line's quantity ([{ productId, quantity }], a product may repeat) or nothing. The products' rows are
-- locked in id order first, so two buyers never wait on each other in opposite orders, and the stock is read after
-- the lock. Answers the products that fall short with what is left of them ([] when all was taken).
CREATE FUNCTION take_stock(lines jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  shortfalls jsonb;
BEGIN
  WITH need AS (
    SELECT line."productId" AS id, sum(line.quantity)::integer AS quantity
    FROM jsonb_to_recordset(lines) AS line("productId" integer, quantity integer)
    GROUP BY line."productId"
  ),
  locked AS MATERIALIZED (
    SELECT p.id, p.stock FROM products p WHERE p.id IN (SELECT id FROM need) ORDER BY p.id FOR UPDATE
  ),
  short AS MATERIALIZED (
    SELECT need.id, coalesce(locked.stock, 0) AS available
    FROM need LEFT JOIN locked ON locked.id = need.id
    WHERE coalesce(locked.stock, 0) < need.quantity
  ),
  taken AS (
    UPDATE products SET stock = products.stock - need.quantity
    FROM need
    WHERE products.id = need.id AND NOT EXISTS (SELECT 1 FROM short)
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('productId', id, 'available', available) ORDER BY id), '[]'::jsonb)
  INTO shortfalls FROM short;
  RETURN shortfalls;
END
$$;
--> statement-breakpoint
-- One checkout per user at a time. `bag_lines` is the bag as the server priced it (checkout_bag's answer),
-- `new_invoice` the order's fields as the orders columns name them, `new_items` its order_items rows. Answers one of
--   { outcome: 'changed' }                                  the bag or its prices changed since: price it again
--   { outcome: 'pending', invoiceId, providerOrderId, totalPaise }   a double submit: the same pending invoice
--   { outcome: 'short', shortfalls }                        take_stock's shortfalls; nothing was written
--   { outcome: 'created' }
CREATE FUNCTION checkout_invoice(
  buyer_id integer, bag_id integer, address_id integer, checked_at timestamptz, bag_lines jsonb, new_invoice jsonb,
  new_items jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  same record;
  shortfalls jsonb;
  new_order integer;
BEGIN
  PERFORM pg_advisory_xact_lock(buyer_id);
  IF checkout_bag(bag_id) <> bag_lines THEN
    RETURN jsonb_build_object('outcome', 'changed');
  END IF;

  -- A pending invoice of this buyer to this address for exactly these lines.
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

  shortfalls := take_stock(bag_lines);
  IF shortfalls <> '[]'::jsonb THEN
    RETURN jsonb_build_object('outcome', 'short', 'shortfalls', shortfalls);
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
