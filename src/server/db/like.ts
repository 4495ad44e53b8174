/**
 * A LIKE / ILIKE pattern that matches `term` anywhere in the text, literally: `%` and `_` are
 * LIKE's wildcards and `\` its escape character, so each is escaped (a search for "a_b" matches the
 * text "a_b" only, and "100%" no more than it says).
 */
export function likeContains(term: string): string {
  return `%${escapeLike(term)}%`;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for text starting with `term`, literally (SCIM `sw`). */
export function likePrefix(term: string): string {
  return `${escapeLike(term)}%`;
}

/** A LIKE pattern for text ending with `term`, literally (SCIM `ew`). */
export function likeSuffix(term: string): string {
  return `%${escapeLike(term)}`;
}
