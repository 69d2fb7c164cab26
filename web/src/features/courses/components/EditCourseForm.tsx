import { type CourseDto, ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useUpdateCourse } from '../api/course-mutations';
import { FormAlert } from '../../../components/ui/FormAlert';
import { FormStatus, NOTHING_CHANGED } from '../../../components/ui/FormStatus';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/** Name and Description of a course; mount with key={course.id} so it starts from the loaded values. */
export function EditCourseForm({ course }: { course: CourseDto }) {
  const update = useUpdateCourse();
  const [name, setName] = useState(course.name);
  const [description, setDescription] = useState(course.description);
  const [status, setStatus] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    if (!name.trim() || !description.trim()) return setError(VALIDATION.fillAllFields);
    if (name.trim() === course.name && description.trim() === course.description) {
      setError('');
      return setStatus(NOTHING_CHANGED);
    }
    await send(
      async () => {
        await update.mutateAsync({
          id: course.id,
          body: { name: name.trim(), description: description.trim() },
        });
        toast.success(SUCCESS.courseUpdated);
      },
      { onFailure: () => toast.error(ERRORS.updateCourseFailed), staysOpen: true },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Name" value={name} onValue={setName} required />
      <label>
        Description
        <textarea value={description} rows={4} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <FormAlert message={error} />
      <FormStatus message={status} />
      <button type="submit" disabled={busy}>
        Save Changes
      </button>
    </form>
  );
}
