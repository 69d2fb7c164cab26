import { Page } from '../../components/ui/Page';

export function EditCoursePage() {
  return <Page title="Edit course" />;
}
