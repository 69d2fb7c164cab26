import { Page } from '../../components/ui/Page';

export function VideoPage() {
  return <Page title="Lecture video" />;
}
