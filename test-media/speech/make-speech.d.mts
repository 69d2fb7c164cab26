export const VOICE: string[];
export function canSpeak(): boolean;
export function lectureTexts(): { name: string; text: string }[];
export function speechWav(input: string, out: string): string;
export function speak(text: string, out: string, voice?: string[]): string;
export function lectureSpeech(name: string): string;
export function speechVideo(name: string, text: string): string;
export function sentencesVideo(
  name: string,
  text: string,
): { file: string; cues: { start: number; end: number; text: string }[] };
export function videoWithoutSound(seconds: number): string;
