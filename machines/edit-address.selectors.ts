// Account › Edit address's rules outside the machine: the address as its save call sends it.
import { editAddressFields } from '../domain/address';
import type { AddressFields, AddressFormValues } from '../domain/address';

/** The edited address as the save call sends it: the form checked and trimmed by the server's own schema. */
export const editedAddressToSave = (form: AddressFormValues): AddressFields => editAddressFields.parse(form);
