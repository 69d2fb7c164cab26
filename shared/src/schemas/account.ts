import { z } from 'zod';
import { Email, Id, MessageAnswer, NewPassword } from './common';

export const UpdatePasswordBody = z.strictObject({
  userId: Id,
  email: Email.optional(),
  oldPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword: NewPassword.optional(),
});
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

export const NotificationQueryBody = z.strictObject({ userId: Id });

export const NotificationPreferences = z.object({
  receiveEmailsSubmittingQuestion: z.boolean(),
  receiveEmailsAnsweredQuestion: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const UpdateNotificationBody = z.strictObject({
  userId: Id,
  receiveEmailsSubmittingQuestion: z.boolean().optional(),
  receiveEmailsAnsweredQuestion: z.boolean().optional(),
});
export type UpdateNotificationBody = z.infer<typeof UpdateNotificationBody>;

/** Public settings the web app shows (footer link, staff contact). */
export const PublicConfig = z.object({
  supportEmail: z.string(),
  researchGroupUrl: z.string(),
  /** Campus single sign-on (issue 23): the provider's name for "Log in with <name>", or null when off. */
  sso: z.object({ name: z.string() }).nullable(),
  /** False on an SSO-only campus: the login page offers no password form and no signup. */
  passwordLogin: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/** GET /api/account/email: the address in use, whether it is proven, and a change awaiting its link. */
export const EmailStatus = z.object({
  email: z.string(),
  verified: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof EmailStatus>;

/** POST /api/account/verify-email: the token from the mailed link. */
export const VerifyEmailBody = z.strictObject({ token: z.string().min(20).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** Answer of the account actions that only report. */
export const AccountMessageAnswer = MessageAnswer;
