// Characters that change how text is shown without being seen: bidi marks, embeddings, overrides and
// isolates, zero-width spaces and joiners, the word joiner and the byte-order mark. In a name they let one
// pose as another in reports and mails ("Alice‮nimda"), so names and titles drop them (issue 12).
const INVISIBLE = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const stripInvisible = (text: string): string => text.replace(INVISIBLE, '');
