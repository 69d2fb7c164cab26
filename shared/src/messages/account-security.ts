/** Not in the SPEC: texts of the account hardening of issue 12 (docs/decisions.md "Accounts hardening"). */
export const ACCOUNT_SECURITY = {
  // Signup with an address that already has an account (issue 20; docs/decisions.md).
  emailInUse: 'Email is already in use',
  emailVerified: 'Your e-mail address is verified.',
  verificationSent: 'We sent a confirmation link. Open it from your inbox to verify the address.',
  emailUnverified:
    'Not verified yet: no invitation or notification reaches it until you open the link we sent.',
  emailChangePending: (email: string) => `Changing to ${email}: open the link we sent there to confirm.`,
  resendVerification: 'Resend verification e-mail',
  // Settings, under the notification boxes, while the address is unverified (issue 20).
  notificationsNeedVerifiedAddress:
    'These e-mails are off until your address is verified: open the link we sent, or resend it.',
  // The same words whatever was named: the answer must not tell whether an account exists.
  invitationSent:
    'Invitation sent. If it names a Lectern account with a verified address, its owner can accept it there.',
  invitationAccepted: (course: string) => `You are now an administrator of ${course}.`,
  invitationDeclined: 'Invitation declined',
  noInvitations: 'You have no pending invitations.',
} as const;
