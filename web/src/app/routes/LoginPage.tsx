import { Page } from '../../components/ui/Page';

export function LoginPage() {
  return <Page title="Log in" />;
}
