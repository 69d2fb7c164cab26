import { useParams } from 'react-router';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { JoinForm } from '../../features/courses/components/JoinForm';
import { JoinPreview } from '../../features/courses/components/JoinPreview';

export function JoinPage() {
  const user = useUser();
  const { courseIDtoJoin } = useParams();
  return (
    <Page title="Join a course or lecture">
      <JoinPreview code={courseIDtoJoin} />
      <JoinForm key={courseIDtoJoin ?? ''} userId={user.id} initialCode={courseIDtoJoin} />
    </Page>
  );
}
