import { Page } from '../../components/ui/Page';
import { EmailVerificationStatus } from '../../features/account/components/EmailVerificationStatus';
import { SettingsForm } from '../../features/account/components/SettingsForm';
import { useSession, useUser } from '../../features/auth/session-context';
import { usePublicConfig } from '../../lib/public-config';

export function SettingsPage() {
  const user = useUser();
  const { refreshUser } = useSession();
  const { data: config } = usePublicConfig();
  return (
    <Page title="Settings">
      <div className="card">
        <p>User ID is {user.id}</p>
        <EmailVerificationStatus show="pendingChange" />
        <SettingsForm user={user} onAccountChanged={() => void refreshUser()} />
        {config && (
          <p className="hint">
            For technical problems contact <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
          </p>
        )}
      </div>
    </Page>
  );
}
