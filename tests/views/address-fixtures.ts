// The saved address the view tests start from, varied per test by overrides.
import type { Address } from '../../domain/address';

/** Asha Raman's address in Chennai, Tamil Nadu: id 7 of user u_12 unless overridden. */
export const anAddress = (overrides: Partial<Address> = {}): Address => ({
  id: 7,
  fullName: 'Asha Raman',
  address: '12 Khader Nawaz Khan Road',
  locality: 'Nungambakkam',
  landmark: 'Near the park',
  city: 'Chennai',
  pincode: '600006',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9876543210',
  User: { externalId: 'u_12' },
  ...overrides,
});
