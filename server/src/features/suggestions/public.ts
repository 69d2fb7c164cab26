// What other features may use of suggestions: the matcher, for any list of "possibly answered by"
// candidates under a scope of the caller's making, a match as the wire shows it, and a question's meaning
// (kept with the question when it is written).
export { type Match, type MatchPlace, type MatchScope, findAnsweredMatchesOfMany } from './matcher';
export { toSuggestion } from './suggestions.service';
export { sentenceMeaning } from './sentence-meaning';
