import { DELAYS_MS, ERRORS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAddAdmin } from '../api/course-mutations';
import { useUserCourses } from '../api/courses';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';
import { CourseMemberPicker } from './CourseMemberPicker';

/**
 * Add admin (SPEC §2) by e-mail address or by picking one of the course's students (issue 21), for a
 * course this user manages (`?courseId=` preselects it). Either way the server sends an invitation; the
 * route still takes an id, as the spec's form did.
 */
export function AddAdminForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const courseSelectId = useId();
  const [params] = useSearchParams();
  const { data } = useUserCourses(userId);
  const addAdmin = useAddAdmin();
  const [courseId, setCourseId] = useState(params.get('courseId') ?? '');
  const [memberId, setMemberId] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  function chooseCourse(id: string) {
    setCourseId(id);
    setMemberId(''); // a member of the course left behind is no choice in the new one
  }

  function typeEmail(value: string) {
    setAdminEmail(value);
    if (value) setMemberId('');
  }

  function pickMember(id: string) {
    setMemberId(id);
    setAdminEmail('');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const email = adminEmail.trim();
    if (!courseId || (!memberId && !email)) return setError(VALIDATION.missingInformation);
    await send(
      async () => {
        const answer = await addAdmin.mutateAsync({
          courseId,
          ...(memberId ? { adminId: memberId } : { adminEmail: email }),
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
      <label htmlFor={courseSelectId}>Course</label>
      <select
        id={courseSelectId}
        value={courseId}
        onChange={(event) => chooseCourse(event.target.value)}
        required
      >
        <option value="">Choose one of your courses</option>
        {data?.createdCourses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
      </select>
      <p className="hint">
        The new admin gets an invitation and becomes an admin once they accept it. Give their e-mail address,
        or pick them from the course&apos;s students.
      </p>
      <TextField label="Admin email" type="email" value={adminEmail} onValue={typeEmail} />
      {courseId && <CourseMemberPicker courseId={courseId} picked={memberId} onPick={pickMember} />}
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Add admin
      </button>
    </form>
  );
}
