import { DELAYS_MS, ERRORS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAddAdmin } from '../api/course-mutations';
import { useUserCourses } from '../api/courses';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/**
 * Course Id, Admin Id, Admin email (SPEC §2 Add admin). The Course Id field stays a text field, so an id
 * can be pasted, but suggests the courses this user manages.
 */
export function AddAdminForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const { data } = useUserCourses(userId);
  const addAdmin = useAddAdmin();
  const [courseId, setCourseId] = useState('');
  const [adminId, setAdminId] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { courseId: courseId.trim(), adminId: adminId.trim(), adminEmail: adminEmail.trim() };
    if (!body.courseId || (!body.adminId && !body.adminEmail)) return setError(VALIDATION.missingInformation);
    await send(
      async () => {
        const answer = await addAdmin.mutateAsync({
          courseId: body.courseId,
          ...(body.adminId && { adminId: body.adminId }),
          ...(body.adminEmail && { adminEmail: body.adminEmail }),
        });
        // Add admin invites (issue 12): the answer says so, the same whatever the address.
        toast.success(answer.message);
        setTimeout(() => void navigate(-1), DELAYS_MS.redirectAfterSuccess);
      },
      {
        onFailure: (failure) =>
          toast.error(`${ERRORS.addAdminPrefix} ${errorMessage(failure, ERRORS.unexpected)}`),
      },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Course Id"
        value={courseId}
        list={listId}
        autoComplete="off"
        onValue={setCourseId}
        required
      />
      <datalist id={listId}>
        {data?.createdCourses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </datalist>
      <p className="hint">Give either the new admin&apos;s id or their email; only one is needed.</p>
      <TextField label="Admin Id" value={adminId} autoComplete="off" onValue={setAdminId} />
      <TextField label="Admin email" type="email" value={adminEmail} onValue={setAdminEmail} />
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Add admin
      </button>
    </form>
  );
}
