import { FETCH_ERRORS, SETTINGS_ERRORS, VALIDATION } from '@lectern/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  notificationErrorText,
  notificationFetchErrorText,
  nothingSentNotice,
  passwordErrorText,
  planNotificationUpdate,
  planPasswordUpdate,
} from './settings-plan';

const fields = { email: ' ada@x.org ', oldPassword: '', newPassword: '', confirmPassword: '' };
const on = { receiveEmailsSubmittingQuestion: true, receiveEmailsAnsweredQuestion: true };

describe('planPasswordUpdate', () => {
  it('sends nothing without an old password, even with new ones typed', () => {
    expect(planPasswordUpdate('u1', { ...fields, newPassword: 'abcdefgh', confirmPassword: 'x' })).toEqual({
      kind: 'skip',
    });
  });

  it('stops on a new password that differs from its confirmation', () => {
    const plan = planPasswordUpdate('u1', {
      ...fields,
      oldPassword: 'old',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgX',
    });
    expect(plan).toEqual({ kind: 'mismatch', message: VALIDATION.newPasswordsDoNotMatch });
  });

  it('sends userId, email, oldPassword and newPassword; no newPassword for an email-only change', () => {
    const change = { ...fields, oldPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(planPasswordUpdate('u1', change)).toEqual({
      kind: 'send',
      body: { userId: 'u1', email: 'ada@x.org', oldPassword: 'old', newPassword: 'abcdefgh' },
    });
    expect(planPasswordUpdate('u1', { ...fields, oldPassword: 'old' })).toEqual({
      kind: 'send',
      body: { userId: 'u1', email: 'ada@x.org', oldPassword: 'old' },
    });
  });
});

describe('planNotificationUpdate', () => {
  it('sends nothing when nothing changed or nothing was loaded', () => {
    expect(planNotificationUpdate('u1', on, { ...on })).toBeNull();
    expect(planNotificationUpdate('u1', undefined, on)).toBeNull();
  });

  it('sends both preferences when one changed', () => {
    const shown = { ...on, receiveEmailsAnsweredQuestion: false };
    expect(planNotificationUpdate('u1', on, shown)).toEqual({ userId: 'u1', ...shown });
  });
});

describe('error texts', () => {
  it('maps the statuses of SPEC §7 to the texts of SPEC §8', () => {
    expect(passwordErrorText(new ApiError(401, 'x', 'UNAUTHORIZED'))).toBe(SETTINGS_ERRORS.incorrectPassword);
    expect(passwordErrorText(new ApiError(403, 'x', 'FORBIDDEN'))).toBe(SETTINGS_ERRORS.passwordUpdateFailed);
    expect(notificationErrorText(new ApiError(404, 'x', 'NOT_FOUND'))).toBe(SETTINGS_ERRORS.userNotFound);
    expect(notificationErrorText(new Error('boom'))).toBe(SETTINGS_ERRORS.updateUserFailed);
    expect(notificationFetchErrorText(new ApiError(500, 'x', 'INTERNAL'))).toBe(
      FETCH_ERRORS.notificationOptions,
    );
    expect(notificationFetchErrorText(new ApiError(0, 'offline', 'NETWORK'))).toBe('Error: offline');
  });
});

describe('nothingSentNotice', () => {
  const none = { email: 'ada@example.org', oldPassword: '', newPassword: '', confirmPassword: '' };
  it('says nothing changed when nothing was typed', () => {
    expect(nothingSentNotice(none, 'ada@example.org', 'unchanged')).toBe('unchanged');
  });
  it('asks for the old password when an email or new password was typed without it', () => {
    const ask = 'Enter your old password to change your email or password.';
    expect(nothingSentNotice({ ...none, email: 'new@example.org' }, 'ada@example.org', 'x')).toBe(ask);
    expect(nothingSentNotice({ ...none, newPassword: 'longer one' }, 'ada@example.org', 'x')).toBe(ask);
  });
});
