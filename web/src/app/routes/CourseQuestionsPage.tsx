import { Page } from '../../components/ui/Page';

export function CourseQuestionsPage() {
  return <Page title="Course questions" />;
}
