import { Page } from '../../components/ui/Page';

export function UsagePage() {
  return <Page title="Video Usage Summary" />;
}
