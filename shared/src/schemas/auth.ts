import { z } from 'zod';
import { VALIDATION } from '../messages';
import { stripInvisible } from '../text';
import { Email, NewPassword } from './common';

export const SignupBody = z.strictObject({
  // Invisible characters would let a name pose as another in reports and mails (issue 12).
  name: z.string().overwrite(stripInvisible).trim().min(1, VALIDATION.fillAllFields).max(100),
  email: Email,
  password: NewPassword,
});
export type SignupBody = z.infer<typeof SignupBody>;

/** A solved login challenge (shared/src/login-challenge.ts): the server's token and the solution found. */
export const LoginChallengeSolution = z.strictObject({
  token: z.string().max(1000),
  solution: z.string().max(40),
});

export const LoginBody = z.strictObject({
  email: Email,
  password: z.string().min(1, VALIDATION.fillAllFields).max(1024),
  challenge: LoginChallengeSolution.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ForgotPasswordBody = z.strictObject({ email: Email });

export const ResetPasswordBody = z.strictObject({
  token: z.string().min(20).max(200),
  password: NewPassword,
});

/**
 * A user as the web app knows it (SPEC §7's fields), and whether it administers this installation (issue 23:
 * its verified e-mail is in LECTERN_ADMIN_EMAILS), which shows the account menu's LTI platforms link.
 */
export const UserDto = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  installationAdmin: z.boolean(),
});
export type UserDto = z.infer<typeof UserDto>;

/** Answer of POST /api/login and /api/signup/: the token, the name and the user (SPEC §7). */
export const LoginAnswer = z.object({ token: z.string(), name: z.string(), id: z.string(), user: UserDto });
export type LoginAnswer = z.infer<typeof LoginAnswer>;
