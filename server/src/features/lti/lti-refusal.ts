import { PageRefusal, plainPage } from '../../lib/plain-page';

/** What a person sees when Lectern refuses a launch: one plain sentence and what to do (issue 23). */
export const LTI_REFUSALS = {
  badRequest: 'This launch is missing what Lectern needs. Open Lectern again from your course.',
  unknownPlatform:
    'This learning platform is not registered with Lectern. Ask your Lectern administrator to register it.',
  unknownDeployment: 'This deployment of Lectern is not registered for your learning platform.',
  staleState: 'This launch has expired or was already used. Open Lectern again from your course.',
  otherBrowser: 'This launch was started in another browser window. Open Lectern again from your course.',
  badToken:
    'Lectern could not verify this launch from your learning platform. Open Lectern again from your course; if it keeps happening, tell your administrator.',
  unsupportedMessage: 'Lectern cannot open this kind of launch.',
  noRole: 'Your role in this course does not give you access to Lectern.',
  courseNotReady: 'Your instructor has not opened this course in Lectern yet. Try again once they have.',
  failed: 'Lectern could not open this launch. Try again in a moment.',
  deepLinkNotInstructor:
    'Only the instructors of this course can add Lectern content to it. Ask your instructor to add it.',
  badReturnUrl:
    'Your learning platform did not say where Lectern should send the content you pick. Try adding it again; if it keeps happening, tell your administrator.',
  itemsNotAccepted:
    'This place in your course does not accept links to Lectern lectures. Add them where links are accepted.',
} as const;

/**
 * A refused launch: `reason` names the check for the security log, `message` is what the person reads, on
 * an error page (the launch is a page in the LMS frame, not an API call), never with a stack trace.
 */
export class LtiRefusal extends PageRefusal {}

/** The error page of a refused launch. */
export const refusalPage = (message: string): string =>
  plainPage('Lectern could not open this launch', message);
