import type { LtiPlatform, LtiPlatformRegistration } from '@lectern/shared';
import { useState } from 'react';
import { draftOf } from '../utils/platform-form';
import { PlatformForm } from './PlatformForm';

/**
 * The registered platforms, each with what identifies it to Lectern, and Edit (the form in its place)
 * and Delete (the page confirms first).
 */
export function PlatformList({
  platforms,
  onEdit,
  onDelete,
}: {
  platforms: LtiPlatform[];
  onEdit(id: string, registration: LtiPlatformRegistration): Promise<void>;
  onDelete(platform: LtiPlatform): Promise<void>;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  if (platforms.length === 0) return <p>No learning platform is registered yet.</p>;
  return (
    <div className="stack">
      {platforms.map((p) => (
        <article key={p.id} aria-labelledby={`platform-${p.id}`} className="card">
          <h3 id={`platform-${p.id}`}>{p.name}</h3>
          {editing === p.id ? (
            <PlatformForm
              initial={draftOf(p)}
              submitLabel="Save changes"
              onSubmit={async (registration) => {
                await onEdit(p.id, registration);
                setEditing(null);
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              <dl>
                <dt>Issuer</dt>
                <dd>{p.issuer}</dd>
                <dt>Client ID</dt>
                <dd>{p.clientId}</dd>
                <dt>Deployment IDs</dt>
                <dd>{p.deploymentIds.join(', ')}</dd>
                <dt>E-mail addresses</dt>
                <dd>{p.trustEmail ? 'counted as verified' : 'not counted as verified'}</dd>
              </dl>
              <div className="row">
                <button
                  type="button"
                  className="secondary"
                  aria-label={`Edit ${p.name}`}
                  onClick={() => setEditing(p.id)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="danger"
                  aria-label={`Delete ${p.name}`}
                  onClick={() => void onDelete(p)}
                >
                  Delete
                </button>
              </div>
            </>
          )}
        </article>
      ))}
    </div>
  );
}
