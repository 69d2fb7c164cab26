import { Page } from '../../components/ui/Page';

export function HomePage() {
  return <Page title="Home" />;
}
