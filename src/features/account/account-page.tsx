// Placeholder until the accounts issue builds this screen.
import { PlaceholderPage } from '../placeholders/placeholder-page';

export function AccountPage() {
  return <PlaceholderPage title="My Account" />;
}
