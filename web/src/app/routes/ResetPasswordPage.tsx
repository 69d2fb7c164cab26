import { Page } from '../../components/ui/Page';

export function ResetPasswordPage() {
  return <Page title="Reset password" />;
}
