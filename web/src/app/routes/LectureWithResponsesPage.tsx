import { Page } from '../../components/ui/Page';

export function LectureWithResponsesPage() {
  return <Page title="Lecture with responses" />;
}
