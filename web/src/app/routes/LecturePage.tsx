import { Page } from '../../components/ui/Page';

export function LecturePage() {
  return <Page title="Lecture" />;
}
