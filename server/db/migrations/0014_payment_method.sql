-- How an order was paid (issue 39 §6), shown to the admin: card or UPI with the card's last four or the VPA masked;
-- Razorpay's other methods by name. Null for orders paid before, and when the provider did not say.
ALTER TABLE "orders" ADD COLUMN "payment_method" text;
