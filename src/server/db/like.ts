/**
 * A LIKE / ILIKE pattern that matches `term` anywhere in the text, literally: `%` and `_` are
 * LIKE's wildcards and `\` its escape character, so each is escaped (a search for "a_b" matches the
 * text "a_b" only, and "100%" no more than it says).
 */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
