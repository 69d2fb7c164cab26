import { Page } from '../../components/ui/Page';

export function MyVideosPage() {
  return <Page title="My Videos" />;
}
