import { ERRORS, SUCCESS, VALIDATION } from '@lectern/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useCreateCourse } from '../api/course-mutations';
import { FormAlert } from '../../../components/ui/FormAlert';
import { useFormSubmit } from '../../../components/ui/use-form-submit';
import { TextField } from '../../../components/ui/TextField';

/** Course Name and Course Description; the creator becomes the first admin (SPEC §6). */
export function CreateCourseForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { error, setError, busy, send } = useFormSubmit();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !description.trim()) return setError(VALIDATION.fillAllFields);
    await send(
      async () => {
        const course = await create.mutateAsync({
          name: name.trim(),
          description: description.trim(),
          adminId: userId,
        });
        toast.success(SUCCESS.courseCreated(course.name));
        void navigate(`/courses/${course.id}`);
      },
      { onFailure: () => toast.error(ERRORS.courseNotCreated) },
    );
  }

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField label="Course Name" value={name} onValue={setName} required />
      <label>
        Course Description
        <textarea
          value={description}
          rows={4}
          onChange={(event) => setDescription(event.target.value)}
          required
        />
      </label>
      <FormAlert message={error} />
      <button type="submit" disabled={busy}>
        Create Course
      </button>
    </form>
  );
}
