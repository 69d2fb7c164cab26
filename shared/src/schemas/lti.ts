import { z } from 'zod';
import { LoginAnswer } from './auth';

/** The one-time code an LTI launch hands the web app (in the URL fragment of /lti/enter). */
export const LtiHandoverBody = z.object({ code: z.string().min(1).max(100) });
export type LtiHandoverBody = z.infer<typeof LtiHandoverBody>;

/** A session, as a login gives, and the page the launch lands on. */
export const LtiHandoverAnswer = LoginAnswer.extend({ target: z.string() });
export type LtiHandoverAnswer = z.infer<typeof LtiHandoverAnswer>;
