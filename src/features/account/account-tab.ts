// The account area's tabs, in the spec's order (Profile 0, Orders 1, Addresses 2), and which one an address opens.
export const accountTabs = ['profile', 'orders', 'addresses'] as const;
export type AccountTab = (typeof accountTabs)[number];

export const tabLabels: Record<AccountTab, string> = { profile: 'Profile', orders: 'Orders', addresses: 'Addresses' };

/** SPEC.md §2: "orders" opens Orders, "addresses" opens Addresses, anything else opens Profile. */
export function accountTabOf(selected: string | undefined): AccountTab {
  return selected === 'orders' || selected === 'addresses' ? selected : 'profile';
}
