import type { HeardWord } from './engine';

/**
 * Sounds an engine writes down when it hears no words: hesitations (PocketSphinx hears "ah" in a test
 * tone) and the bracketed or musical notes whisper writes over music ("[Music]", "(applause)", "♪").
 */
const NOT_SPEECH = /^(?:ah|uh|um|hmm|mm|er|oh|[[(].*[\])]|[♪♫]+)[.,!?]*$/i;

/** Whether any of `words` is a word someone said, rather than a hesitation or a note about the sound. */
export const heardSpeech = (words: HeardWord[]) => words.some((w) => !NOT_SPEECH.test(w.text));
