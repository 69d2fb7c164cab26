import { ACCOUNT_SECURITY, SUCCESS } from '@lectern/shared';
import { useParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Page } from '../../components/ui/Page';
import { JoinPreview } from '../../features/courses/components/JoinPreview';
import { SignedInRedirect } from '../../features/auth/components/SignedInRedirect';
import { SignupForm } from '../../features/auth/components/SignupForm';
import { useSession } from '../../features/auth/session-context';
import { useFinishSignIn } from '../../features/auth/use-finish-sign-in';

// The signup answer carries a token, so a new account is signed in at once (no second login).
function greetNewUser(name: string): void {
  toast.success(SUCCESS.welcome(name));
  toast.success(SUCCESS.accountCreated);
  toast.info(ACCOUNT_SECURITY.verificationSent); // the address counts once its link is opened (issue 12)
}

export function SignupPage() {
  const { courseIDtoJoin } = useParams();
  const { user } = useSession();
  const { finishing, finish } = useFinishSignIn(courseIDtoJoin);
  if (user && !finishing) return <SignedInRedirect courseIDtoJoin={courseIDtoJoin} />;
  return (
    <Page title="Sign up">
      <JoinPreview code={courseIDtoJoin} />
      <div className="card auth-card">
        <SignupForm courseIDtoJoin={courseIDtoJoin} onSignedUp={(answer) => finish(answer, greetNewUser)} />
      </div>
    </Page>
  );
}
