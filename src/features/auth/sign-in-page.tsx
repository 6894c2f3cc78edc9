// Placeholder until the accounts issue builds this screen.
import { PlaceholderPage } from '../placeholders/placeholder-page';

export function SignInPage() {
  return <PlaceholderPage title="Sign In" />;
}
