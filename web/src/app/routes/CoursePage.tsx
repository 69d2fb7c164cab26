import { Page } from '../../components/ui/Page';

export function CoursePage() {
  return <Page title="Course" />;
}
