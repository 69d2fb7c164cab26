import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@lectern/shared';

/** Attributes of every "choose a password" field; `password-rule` is the id of the stated rule. */
export const newPasswordInput = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: MAX_PASSWORD_LENGTH,
  'aria-describedby': 'password-rule',
} as const;
