export { LiveMeetingPanel } from './components/LiveMeetingPanel';
export { RecordInMeeting } from './components/RecordInMeeting';
