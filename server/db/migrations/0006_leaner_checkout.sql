-- The checkout's functions of 0005 again, with the same answers, in plans of fewer steps. PostgreSQL starts every
-- statement's plan afresh on every call, and under an invoice rush starting them was about a quarter of the database's
-- time (docs/performance.md, "Leaner checkout plans"): a hash join over every product, a grouped, locked and
-- materialized CTE to take one line's stock, and a pending-invoice search prepared even for a buyer with none. Now the
-- bag's products are read by key, a line at a time (a bag holds a handful; planned from statistics, the join read the
-- whole catalogue instead), the stock is locked and taken one product at a time in id order, and the search for a
-- double submit runs only when the buyer has a pending invoice to the address at all.

-- The bag's lines with their products and tax rates, by primary key.
CREATE OR REPLACE FUNCTION checkout_bag(bag_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg((
      SELECT jsonb_build_object(
        'productId', p.id, 'productName', p.name, 'itemCode', p.item_code, 'size', line.size, 'quantity', line.quantity,
        'unitPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise, 'isRemoved', p.is_removed,
        'gstRateBp', (SELECT c.gst_rate_bp FROM categories c WHERE c.id = p.category_id))
      FROM products p WHERE p.id = line.product_id
    ) ORDER BY line.product_id, line.id), '[]'::jsonb)
    FROM cart_items line
    WHERE line.cart_id = bag_id
  );
END
$$;
--> statement-breakpoint
-- A buyer has a handful of pending invoices to an address. Left at a set-returning function's default of 1,000 rows,
-- the planner priced the double-submit search of checkout_invoice above jit_above_cost once order_items had
-- statistics, and compiled it to machine code on every checkout: about 10 ms each.
ALTER FUNCTION pending_invoices(integer, integer, timestamptz) ROWS 1;
--> statement-breakpoint
-- What checkout_buyer answered in 0005; what the bag's products have left is read by key too.
CREATE OR REPLACE FUNCTION checkout_buyer(
  user_ext_id text, guest_session text, address_id integer, checked_at timestamptz
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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
      SELECT coalesce(jsonb_object_agg(line.product_id,
        (SELECT p.stock FROM products p WHERE p.id = line.product_id)), '{}'::jsonb)
      FROM cart_items line WHERE line.cart_id = bag_id),
    'pending', EXISTS (SELECT 1 FROM pending_invoices(buyer_id, address_id, checked_at))
  );
END
$$;
--> statement-breakpoint
-- Takes every line's quantity ([{ productId, quantity }], a product may repeat) or nothing, as before: each product's
-- row is locked in id order and its stock read after the lock, and only when every one has enough is any taken.
-- Answers the products that fall short with what is left of them ([] when all was taken).
CREATE OR REPLACE FUNCTION take_stock(lines jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  quantities integer[];
  have integer;
  shortfalls jsonb := '[]'::jsonb;
BEGIN
  SELECT array_agg(need.id ORDER BY need.id), array_agg(need.quantity ORDER BY need.id) INTO ids, quantities
  FROM (
    SELECT line."productId" AS id, sum(line.quantity)::integer AS quantity
    FROM jsonb_to_recordset(lines) AS line("productId" integer, quantity integer)
    GROUP BY line."productId"
  ) need;
  FOR i IN 1 .. coalesce(array_length(ids, 1), 0) LOOP
    SELECT p.stock INTO have FROM products p WHERE p.id = ids[i] FOR UPDATE;
    IF coalesce(have, 0) < quantities[i] THEN
      shortfalls := shortfalls || jsonb_build_object('productId', ids[i], 'available', coalesce(have, 0));
    END IF;
  END LOOP;
  IF shortfalls = '[]'::jsonb THEN
    FOR i IN 1 .. coalesce(array_length(ids, 1), 0) LOOP
      UPDATE products SET stock = stock - quantities[i] WHERE id = ids[i];
    END LOOP;
  END IF;
  RETURN shortfalls;
END
$$;
--> statement-breakpoint
-- One checkout per user at a time, with the answers of 0005.
CREATE OR REPLACE FUNCTION checkout_invoice(
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
