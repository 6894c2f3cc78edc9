// The pincode a shopper checked delivery for (issue 40), kept for the visit in session storage: the product pages
// ask about it again, and checkout starts a new address with it and prefers a saved address that has it.
import { patterns } from '../../domain/fields';

const deliveryPincodeKey = 'deliveryPincode';

/** The kept pincode, or null when there is none (or storage is unavailable, or what is there is not a pincode). */
export function readDeliveryPincode(): string | null {
  try {
    const pincode = window.sessionStorage.getItem(deliveryPincodeKey);
    return pincode && patterns.sixDigits.test(pincode) ? pincode : null;
  } catch {
    return null;
  }
}

export function keepDeliveryPincode(pincode: string): void {
  try {
    window.sessionStorage.setItem(deliveryPincodeKey, pincode);
  } catch {
    // Storage unavailable: the answer shows, it is only not kept.
  }
}
