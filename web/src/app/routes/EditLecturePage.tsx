import { Page } from '../../components/ui/Page';

export function EditLecturePage() {
  return <Page title="Edit lecture" />;
}
