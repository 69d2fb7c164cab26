import { Page } from '../../components/ui/Page';

export function DuplicateLecturePage() {
  return <Page title="Duplicate lecture" />;
}
