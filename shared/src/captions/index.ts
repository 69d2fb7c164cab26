export * from './cue-time';
export * from './limits';
export * from './parse';
export * from './types';
export * from './validate';
export * from './webvtt';
