import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import { AddAdminForm } from '../../features/courses/components/AddAdminForm';

export function AddAdminPage() {
  const user = useUser();
  return (
    <Page title="Add an admin">
      <AddAdminForm userId={user.id} />
    </Page>
  );
}
