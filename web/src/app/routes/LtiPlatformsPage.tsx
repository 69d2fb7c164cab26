import { ERRORS, LOADING, type LtiPlatform } from '@lectern/shared';
import { useState } from 'react';
import { LoadFailure } from '../../components/ui/LoadFailure';
import { Page } from '../../components/ui/Page';
import { useUser } from '../../features/auth/session-context';
import {
  useAddPlatform,
  useEditPlatform,
  useLtiPlatforms,
  useRemovePlatform,
} from '../../features/lti/api/platforms';
import { NotInstallationAdmin } from '../../features/lti/components/NotInstallationAdmin';
import { PlatformForm } from '../../features/lti/components/PlatformForm';
import { PlatformList } from '../../features/lti/components/PlatformList';
import { EMPTY_DRAFT } from '../../features/lti/utils/platform-form';
import { ApiError, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * The installation's learning platforms (issue 23, /admin/lti): Lectern's URLs to give an LMS, the
 * platforms registered, a form to add one, and each one's edit and delete. Only for installation
 * administrators (the session says so); anyone else sees why not, and the server refuses them anyway.
 */
export function LtiPlatformsPage() {
  const { installationAdmin } = useUser();
  const { data, isPending, error, refetch } = useLtiPlatforms(installationAdmin);
  const add = useAddPlatform();
  const edit = useEditPlatform();
  const remove = useRemovePlatform();
  // A new key empties the add form once its platform is registered.
  const [added, setAdded] = useState(0);

  if (!installationAdmin || (error instanceof ApiError && error.status === 403))
    return <NotInstallationAdmin />;
  if (isPending) return <p role="status">{LOADING.data}</p>;
  if (!data) return <LoadFailure title={errorMessage(error, ERRORS.unexpected)} onRetry={refetch} />;

  async function removePlatform(platform: LtiPlatform) {
    const question = `Delete ${platform.name}? Its launches will be refused and its LMS courses unlinked; the Lectern courses and accounts stay.`;
    if (!window.confirm(question)) return;
    try {
      await remove.mutateAsync(platform.id);
      toast.success(`${platform.name} was deleted.`);
    } catch (failure) {
      toast.error(errorMessage(failure, ERRORS.unexpected));
    }
  }

  return (
    <Page title="LTI platforms">
      <section aria-labelledby="lti-tool-urls">
        <h2 id="lti-tool-urls">Lectern&apos;s URLs for your LMS</h2>
        <dl>
          <dt>OIDC login initiation URL</dt>
          <dd>
            <code>{data.tool.loginUrl}</code>
          </dd>
          <dt>Launch (redirect, target link) URL</dt>
          <dd>
            <code>{data.tool.launchUrl}</code>
          </dd>
          <dt>Public keyset (JWKS) URL</dt>
          <dd>
            <code>{data.tool.jwksUrl}</code>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="lti-registered">
        <h2 id="lti-registered">Registered platforms</h2>
        <PlatformList
          platforms={data.platforms}
          onEdit={async (id, registration) => {
            await edit.mutateAsync({ id, registration });
            toast.success(`${registration.name} was saved.`);
          }}
          onDelete={removePlatform}
        />
      </section>
      <section aria-labelledby="lti-add">
        <h2 id="lti-add">Add a platform</h2>
        <PlatformForm
          key={added}
          initial={EMPTY_DRAFT}
          submitLabel="Add platform"
          onSubmit={async (registration) => {
            await add.mutateAsync(registration);
            toast.success(`${registration.name} was added.`);
            setAdded((n) => n + 1);
          }}
        />
      </section>
    </Page>
  );
}
