import { ERRORS, type LtiPlatformRegistration } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormAlert } from '../../../components/ui/FormAlert';
import {
  NO_REFUSAL,
  type PlatformDraft,
  type PlatformField,
  placeRefusal,
  registrationOf,
} from '../utils/platform-form';

/** Each field's label: what the LMS's own registration page calls it. */
const FIELDS: {
  field: Exclude<PlatformField, 'trustEmail'>;
  label: string;
  lines?: boolean;
  hint?: string;
}[] = [
  { field: 'name', label: 'Name' },
  { field: 'issuer', label: 'Issuer (platform ID)' },
  { field: 'clientId', label: 'Client ID' },
  { field: 'deploymentIds', label: 'Deployment IDs', lines: true, hint: 'One a line.' },
  { field: 'authLoginUrl', label: 'OIDC login initiation URL (authentication request URL)' },
  { field: 'accessTokenUrl', label: 'Access token URL' },
  { field: 'jwksUrl', label: 'JWKS URL (public keyset)' },
  {
    field: 'frameOrigins',
    label: 'Frame origins',
    lines: true,
    hint: "One a line: the origins of the LMS's pages that show Lectern. Empty: the login URL's origin.",
  },
];

/**
 * A learning platform's registration (issue 23): every field of LtiPlatformRegistration. The server
 * checks them; what it refuses is shown beside the field it names, anything else above the button.
 */
export function PlatformForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PlatformDraft;
  submitLabel: string;
  onSubmit(registration: LtiPlatformRegistration): Promise<void>;
  onCancel?(): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [refusal, setRefusal] = useState(NO_REFUSAL);
  const [busy, setBusy] = useState(false);
  const set = <F extends PlatformField>(field: F, value: PlatformDraft[F]) =>
    setDraft((d) => ({ ...d, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(NO_REFUSAL);
    try {
      await onSubmit(registrationOf(draft));
    } catch (failure) {
      setRefusal(placeRefusal(failure, ERRORS.unexpected));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {FIELDS.map(({ field, label, lines, hint }) => {
        const error = refusal.fields[field];
        const describedBy = [hint && `${id}-${field}-hint`, error && `${id}-${field}-error`]
          .filter(Boolean)
          .join(' ');
        const control = {
          value: draft[field],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        };
        return (
          <div key={field} className="field">
            <label>
              {label}
              {lines ? (
                <textarea {...control} rows={2} onChange={(e) => set(field, e.target.value)} />
              ) : (
                <input {...control} onChange={(e) => set(field, e.target.value)} />
              )}
            </label>
            {hint && (
              <p id={`${id}-${field}-hint`} className="hint">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${id}-${field}-error`} className="error-text">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.trustEmail}
          onChange={(event) => set('trustEmail', event.target.checked)}
        />
        Count its e-mail addresses as verified (only for a platform that checks them)
      </label>
      <FormAlert message={refusal.form} />
      {Object.keys(refusal.fields).length > 0 && (
        <p role="alert" className="error-text">
          Some fields need a change: see the messages beside them.
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
