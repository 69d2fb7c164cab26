import { LectureDateFields } from '../../../components/ui/LectureDateFields';
import type { LectureDateValues } from '../../../lib/lecture-dates';

export interface LectureFieldValues extends LectureDateValues {
  title: string;
  topic: string;
}

/** Title, Topic and the four dates of a lecture (upload and edit pages). */
export function LectureFields({
  values,
  onChange,
  applyDateDefaults = false,
}: {
  values: LectureFieldValues;
  onChange(values: LectureFieldValues): void;
  applyDateDefaults?: boolean;
}) {
  return (
    <>
      <label>
        Title
        <input
          value={values.title}
          onChange={(event) => onChange({ ...values, title: event.target.value })}
        />
      </label>
      <label>
        Topic
        <input
          value={values.topic}
          onChange={(event) => onChange({ ...values, topic: event.target.value })}
        />
      </label>
      <LectureDateFields
        values={values}
        applyDefaults={applyDateDefaults}
        onChange={(dates) => onChange({ ...values, ...dates })}
      />
    </>
  );
}
