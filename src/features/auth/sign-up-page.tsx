// Placeholder until the accounts issue builds this screen.
import { PlaceholderPage } from '../placeholders/placeholder-page';

export function SignUpPage() {
  return <PlaceholderPage title="Sign Up" />;
}
