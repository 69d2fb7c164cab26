export { Recorder, type RecorderProps } from './components/Recorder';
