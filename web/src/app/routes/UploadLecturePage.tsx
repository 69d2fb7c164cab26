import { Page } from '../../components/ui/Page';

export function UploadLecturePage() {
  return <Page title="Upload a lecture" />;
}
