// The saved address the view tests start from, varied per test by overrides, and the address form's labels.
import type { Address, AddressField, AddressFields } from '../../domain/address';

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

/** Meena's address in Madurai: the one a test adds beside Asha's. */
export const meenasAddress: AddressFields = {
  fullName: 'Meena S.',
  address: '4/7 Temple Road',
  locality: 'T Nagar',
  landmark: 'Opp bus stand',
  city: 'Madurai',
  pincode: '625001',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9840055555',
};

/** A gift's recipient in Chennai, not the customer: the address the server's orders and the admin's purchase use. */
export const giftRecipient: AddressFields = {
  fullName: 'Lakshmi Iyer',
  address: '4 Lake View Road',
  locality: 'Mylapore',
  landmark: 'Opposite the temple tank',
  city: 'Chennai',
  pincode: '600004',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9840012345',
};

/** The address form's field labels as SPEC.md words them. */
export const addressLabels: Record<AddressField, string> = {
  fullName: 'Full Name',
  address: 'Address',
  locality: 'Locality',
  landmark: 'Landmark',
  phoneNumber: 'Phone Number',
  pincode: 'Pincode',
  city: 'City',
  state: 'State',
  country: 'Country',
};
