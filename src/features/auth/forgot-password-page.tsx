// Placeholder until the accounts issue builds this screen.
import { PlaceholderPage } from '../placeholders/placeholder-page';

export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot Password" />;
}
