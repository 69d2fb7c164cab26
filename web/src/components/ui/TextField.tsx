import type { InputHTMLAttributes } from 'react';

type TextFieldProps = {
  label: string;
  value: string;
  onValue(value: string): void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** A labelled one-line input: the label wraps it, so the field is found by its label (and by tests). */
export function TextField({ label, value, onValue, ...input }: TextFieldProps) {
  return (
    <label>
      {label}
      <input {...input} value={value} onChange={(event) => onValue(event.target.value)} />
    </label>
  );
}
