export const ANONYMOUS = {
  // SPEC §5 says 'click "Logout" and then login', which a logged-out viewer cannot do (issue 11 #8).
  warning:
    'You are not logged in. You can watch this lecture and its responses; log in to ask questions and use all features.',
  askingDisabled: 'Asking questions is disabled since you are not logged in.',
} as const;
