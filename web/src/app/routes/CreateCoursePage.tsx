import { Page } from '../../components/ui/Page';

export function CreateCoursePage() {
  return <Page title="Create a course" />;
}
