/**
 * What a visitor typed may be passed on by mail only without anything a mail client would
 * make a link of (issue 33: "confirm your card at http://…" quoted under the shop's name).
 * Caught: a scheme (`http://`, `hxxp://`, `mailto:` …), `www.`, and any `name.tld` — a
 * domain, with or without a path, an e-mail address — since clients link bare domains too.
 */
const LINK_LIKE =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/\S*|\bmailto:\S*|\bwww\.\S*|[\p{L}\p{N}._%+-]*@?(?:[\p{L}\p{N}-]+\.)+[a-z]{2,}\b(?:[/?#:]\S*)?)/giu

export const LINK_REMOVED = '[קישור הוסר]'

export function hasLinks(text: string): boolean {
  LINK_LIKE.lastIndex = 0
  return LINK_LIKE.test(text)
}

/** The text with every link-like part replaced by a Hebrew marker. */
export function withoutLinks(text: string): string {
  return text.replace(LINK_LIKE, LINK_REMOVED)
}
