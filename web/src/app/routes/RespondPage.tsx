import { Page } from '../../components/ui/Page';

export function RespondPage() {
  return <Page title="Respond to a question" />;
}
