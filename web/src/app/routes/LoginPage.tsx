import { SUCCESS } from '@lectern/shared';
import { useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Page } from '../../components/ui/Page';
import { JoinPreview } from '../../features/courses/components/JoinPreview';
import { CampusSignOn } from '../../features/auth/components/CampusSignOn';
import { LoginForm } from '../../features/auth/components/LoginForm';
import { usePublicConfig } from '../../lib/public-config';
import { SignedInRedirect } from '../../features/auth/components/SignedInRedirect';
import { useSession } from '../../features/auth/session-context';
import { useFinishSignIn } from '../../features/auth/use-finish-sign-in';

export function LoginPage() {
  const { courseIDtoJoin } = useParams();
  const { user } = useSession();
  const { finishing, finish } = useFinishSignIn(courseIDtoJoin);
  const { data: config } = usePublicConfig();
  if (user && !finishing) return <SignedInRedirect courseIDtoJoin={courseIDtoJoin} />;
  return (
    <Page title="Log in">
      <JoinPreview code={courseIDtoJoin} />
      <div className="card auth-card">
        {config?.sso && <CampusSignOn sso={config.sso} />}
        {config?.passwordLogin !== false && (
          <LoginForm
            courseIDtoJoin={courseIDtoJoin}
            onLoggedIn={(answer) => finish(answer, (name) => toast.success(SUCCESS.welcomeBack(name)))}
          />
        )}
      </div>
    </Page>
  );
}
