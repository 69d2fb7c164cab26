import { useId } from 'react';
import { LECTURE_DATE_KEYS, type LectureDateValues, lectureDateDefaults } from '../../lib/lecture-dates';

const LABELS: Record<keyof LectureDateValues, string> = {
  lectureDate: 'Lecture date',
  lectureDateAvailable: 'Date lecture will be available',
  lectureDateStart: 'Date live discussion will be available',
  lectureDateEnd: 'Date live discussion will stop being available',
};

/**
 * The four datetime-local fields of a lecture, in the user's time zone. With `applyDefaults`, entering a
 * lecture date fills in the other three (SPEC §5: upload and duplicate pages).
 */
export function LectureDateFields({
  values,
  onChange,
  applyDefaults = false,
}: {
  values: LectureDateValues;
  onChange(values: LectureDateValues): void;
  applyDefaults?: boolean;
}) {
  const id = useId();

  function change(key: keyof LectureDateValues, value: string) {
    if (key === 'lectureDate' && applyDefaults) {
      const defaults = lectureDateDefaults(value);
      if (defaults) return onChange(defaults);
    }
    onChange({ ...values, [key]: value });
  }

  return (
    <>
      {LECTURE_DATE_KEYS.map((key) => (
        <label key={key} htmlFor={`${id}-${key}`}>
          {LABELS[key]}
          <input
            id={`${id}-${key}`}
            type="datetime-local"
            value={values[key]}
            onChange={(event) => change(key, event.target.value)}
          />
        </label>
      ))}
    </>
  );
}
