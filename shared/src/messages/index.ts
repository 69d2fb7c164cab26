// Every user-facing text of SPEC §5, §6 and §8, word for word. Screens and the server take them from here.
// One module per group, so that a page's chunk carries only the groups it shows: the app's first load
// (the watch page's budget) holds the shell's and the watch page's texts, not every screen's.

export { VALIDATION } from './validation';
export { CONFIRM } from './confirm';
export { ANONYMOUS } from './anonymous';
export { FETCH_ERRORS } from './fetch-errors';
export { SETTINGS_ERRORS } from './settings-errors';
export { ERRORS } from './errors';
export { SUCCESS } from './success';
export { STATUS_TEXT } from './status-text';
export { ROOM_PRESENCE } from './room-presence';
export { MEDIA } from './media';
export { LOADING } from './loading';
export { ACCOUNT_SECURITY } from './account-security';
