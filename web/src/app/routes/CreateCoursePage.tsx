import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { CreateCourseForm } from '../../features/courses/components/CreateCourseForm';

export function CreateCoursePage() {
  const user = useUser();
  return (
    <Page title="Create a course">
      <CreateCourseForm userId={user.id} />
    </Page>
  );
}
