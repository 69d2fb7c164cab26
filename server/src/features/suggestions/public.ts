// What other features may use of suggestions: the matcher, for any list of "possibly answered by"
// candidates under a scope of the caller's making, and a match as the wire shows it.
export { type Match, type MatchPlace, type MatchScope, findAnsweredMatchesOfMany } from './matcher';
export { toSuggestion } from './suggestions.service';
