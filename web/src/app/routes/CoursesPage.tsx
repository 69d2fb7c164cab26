import { Page } from '../../components/ui/Page';

export function CoursesPage() {
  return <Page title="Courses" />;
}
