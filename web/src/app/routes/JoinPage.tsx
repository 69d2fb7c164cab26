import { Page } from '../../components/ui/Page';

export function JoinPage() {
  return <Page title="Join a course or lecture" />;
}
