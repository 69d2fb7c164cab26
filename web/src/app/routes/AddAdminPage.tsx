import { Page } from '../../components/ui/Page';

export function AddAdminPage() {
  return <Page title="Add an admin" />;
}
