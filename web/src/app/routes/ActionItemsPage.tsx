import { Page } from '../../components/ui/Page';

export function ActionItemsPage() {
  return <Page title="Action Items" />;
}
