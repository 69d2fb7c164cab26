/** Where a live question's asker is, on the instructor's cards (issue 21): Lectern's own texts. */
export const ROOM_PRESENCE = {
  waiting: (duration: string) => `Waiting ${duration}`,
  left: (duration: string) => `The student left the room ${duration} ago.`,
  notYet: 'The student has not joined the room yet.',
} as const;
