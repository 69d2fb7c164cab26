export { MeetingRoom, WAITING_FOR_INSTRUCTOR } from './components/MeetingRoom';
export { WaitingStudentAlerts } from './components/WaitingStudentAlerts';
export type { UploadRecording } from './room-session';
export { useEnterRoom } from './use-enter-room';
