import { Page } from '../../components/ui/Page';

export function EditQuestionPage() {
  return <Page title="Edit question" />;
}
