import { Page } from '../../components/ui/Page';

export function VideoQuestionsPage() {
  return <Page title="Video questions" />;
}
