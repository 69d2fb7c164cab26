// What other features may use of lti: the one-time code that hands a session to the web app (campus
// sign-on lands the same way as a launch).
export { newHandover } from './lti-state';
