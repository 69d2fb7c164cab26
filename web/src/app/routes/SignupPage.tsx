import { Page } from '../../components/ui/Page';

export function SignupPage() {
  return <Page title="Sign up" />;
}
