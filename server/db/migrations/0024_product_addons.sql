-- Issue 42: add-ons. The admin marks products (cakes, chocolates, vases, cards, soft toys) as add-ons, offered beside
-- other flowers as "Make it special"; they stay ordinary products with their own stock, price and GST rate. The
-- partial index holds only the live add-ons, the few rows GET /api/addons reads, in the order it lists them.
ALTER TABLE "products" ADD COLUMN "is_addon" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_live_addons" ON "products" USING btree ("id") WHERE "is_addon" AND NOT "is_removed";
--> statement-breakpoint
-- The checkout's bag lines say which are add-ons (an add-on travels with the flowers, domain/delivery-split.ts), and
-- carry the line's id and the product's category, which a coupon's check reads (issue 42: shares by line, categories).
CREATE OR REPLACE FUNCTION checkout_bag(bag_id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(jsonb_agg((
      SELECT jsonb_build_object(
        'cartItemId', line.id, 'productId', p.id, 'productName', p.name, 'itemCode', p.item_code, 'size', line.size,
        'quantity', line.quantity, 'unitPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise,
        'isRemoved', p.is_removed, 'categoryId', p.category_id, 'gstRateBp', c.gst_rate_bp,
        'deliveryKind', coalesce(p.delivery_kind, c.delivery_kind, 'courier'), 'isAddon', p.is_addon)
      FROM products p LEFT JOIN LATERAL (SELECT k.gst_rate_bp, k.delivery_kind FROM categories k WHERE k.id = p.category_id) c ON true
      WHERE p.id = line.product_id
    ) ORDER BY line.product_id, line.id), '[]'::jsonb)
    FROM cart_items line
    WHERE line.cart_id = bag_id
  );
END
$$;
