import { Page } from '../../components/ui/Page';

export function VideoAdminPage() {
  return <Page title="Instructor lecture view" />;
}
