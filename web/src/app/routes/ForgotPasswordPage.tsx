import { Page } from '../../components/ui/Page';

export function ForgotPasswordPage() {
  return <Page title="Forgot password" />;
}
