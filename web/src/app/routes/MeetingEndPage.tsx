import { Page } from '../../components/ui/Page';

export function MeetingEndPage() {
  return <Page title="Meeting ended" />;
}
