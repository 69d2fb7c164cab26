export const SETTINGS_ERRORS = {
  incorrectPassword: 'Incorrect current password',
  passwordUpdateFailed: 'Failed to update password',
  userNotFound: 'User not found',
  updateUserFailed: 'Error updating user',
} as const;
