// Filling the shop's forms the way a person does, by their visible labels: shared by the journeys and the screenshots.
import type { Locator, Page } from 'playwright-core';
import type { DeliveryAddress } from './shop-api';

/** A text field by its exact label (labels of required fields end in a mark that `exact` must not miss). */
export const textbox = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

/** The guest checkout's details: the e-mail (checked as it is left), mobile number and name. */
export async function fillGuestDetails(form: Locator, guest: { email: string; mobileNumber: string; firstName: string; lastName: string }): Promise<void> {
  await form.getByLabel('Email').fill(guest.email);
  await form.getByLabel('Email').blur();
  await form.getByLabel('Mobile Number').fill(guest.mobileNumber);
  await form.getByLabel('First Name').fill(guest.firstName);
  await form.getByLabel('Last Name').fill(guest.lastName);
}

/** The shared address form of checkout and the account. */
export async function fillAddress(scope: Locator, address: DeliveryAddress): Promise<void> {
  await textbox(scope, 'Full Name').fill(address.fullName);
  await textbox(scope, 'Address').fill(address.address);
  await textbox(scope, 'Locality').fill(address.locality);
  await textbox(scope, 'Landmark').fill(address.landmark);
  await textbox(scope, 'Phone Number').fill(address.phoneNumber);
  await textbox(scope, 'Pincode').fill(address.pincode);
  await textbox(scope, 'City').fill(address.city);
  await scope.getByRole('combobox', { name: 'State' }).selectOption(address.state);
}
