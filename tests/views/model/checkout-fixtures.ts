// What the checkout screens of the model-based view tests start from: a bag of one posy, Asha's saved address, and
// the invoice and payment the sandbox hands back for it.
import type { CartReply } from '../../../domain/cart';
import type { CheckoutInvoiceReply, VerifyPaymentRequest } from '../../../domain/payment';
import { anAddress } from '../address-fixtures';

export const savedAddress = anAddress({ id: 7 });

export const oneLineBag: CartReply = {
  price: 1499,
  gst: true,
  totalAmount: 1250,
  totalCartItems: 1,
  productList: [
    {
      productItem: {
        id: 41,
        price: 1250,
        quantity: 1,
        size: 'Standard',
        totalAmount: 1250,
        ProductDatum: { externalId: 'p_posy', itemCode: 'EDF-POSY-01', productName: 'Blush Rose Posy', sellingPrice: 1250, mrp: 1499, deliveryKind: 'courier' },
      },
      productId: 'p_posy',
      productGst: 6,
      available: 8,
      isRemoved: false,
    },
  ],
};

export const invoice: CheckoutInvoiceReply = { invoiceId: 'inv_1', orderValueId: 'order_N1', amount: 1250, currency: 'INR', paymentTimeoutSeconds: 900 };

export const payment: VerifyPaymentRequest = {
  razorpay_order_id: 'order_N1',
  razorpay_payment_id: 'pay_N1',
  razorpay_signature: 'signature-of-order_N1',
};

/** The card the sandbox pays, as typed into its dialog. */
export const testCard = { cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' } as const;
