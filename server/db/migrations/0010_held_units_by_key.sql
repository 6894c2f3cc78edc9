-- held_units (0009) read the buyer's pending orders with `user_id = … AND payment_state = 'pending'`. Its kept, generic
-- plan could take that from the (payment_state, reservation_expires_at) index, which in a rush of new invoices holds
-- nearly every order: each call then read them all. As pending_invoices does (0005), the buyer's orders are now read
-- by user_id alone, and each one's lines by order_id, so no plan can start from anything but the buyer's key.
CREATE OR REPLACE FUNCTION held_units(buyer_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    WITH mine AS MATERIALIZED (SELECT o.id, o.payment_state FROM orders o WHERE o.user_id = buyer_id)
    SELECT coalesce(jsonb_object_agg(held.product_id, held.units), '{}'::jsonb)
    FROM (
      SELECT line.product_id, sum(line.quantity)::integer AS units
      FROM mine, LATERAL (SELECT i.product_id, i.quantity FROM order_items i WHERE i.order_id = mine.id) line
      WHERE mine.payment_state = 'pending'
      GROUP BY line.product_id
    ) held
  );
END
$$;
