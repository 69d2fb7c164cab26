import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants';
import { PASSWORD_RULE } from '../wire';

export const Id = z.uuid({ message: 'Invalid id' });

export const Email = z
  .string()
  .trim()
  .min(1, 'Please fill in all fields')
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_RULE)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_RULE);

/** ISO 8601 instant on the wire; a Date inside. */
export const Instant = z.iso.datetime({ offset: true, message: 'Invalid date' });

// Answers (responses) are plain objects, not strict ones: the serialiser then strips a field the contract
// does not name (a stray whoAsked, a password hash) instead of failing the request (issue 12).

/** The answer of an action that only reports. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** The answer of a call whose caller needs no more than success (usage log, BigBlueButton callbacks). */
export const OkAnswer = z.object({ ok: z.literal(true) });
