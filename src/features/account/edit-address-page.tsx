// Placeholder until the accounts issue builds this screen.
import { PlaceholderPage } from '../placeholders/placeholder-page';

export function EditAddressPage() {
  return <PlaceholderPage title="User Address" />;
}
