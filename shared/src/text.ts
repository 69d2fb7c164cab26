// Characters that change how text is shown without being seen: every Unicode Default_Ignorable_Code_Point
// (bidi marks, embeddings, overrides and isolates, zero-width spaces and joiners, the word joiner, the
// byte-order mark, soft hyphens, variation selectors, tags …) and the Hangul fillers, which render blank
// (issue 20: U+3164 made a blank name; the property lists them, but they are named in case an engine's
// Unicode data lags). In a name they let one pose as another in reports and mails ("Alice\u202Enimda"),
// so names and titles drop them (issue 12).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0]/gu;

export const stripInvisible = (text: string): string => text.replace(INVISIBLE, '');
