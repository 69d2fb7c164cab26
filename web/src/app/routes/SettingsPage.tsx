import { Page } from '../../components/ui/Page';

export function SettingsPage() {
  return <Page title="Settings" />;
}
