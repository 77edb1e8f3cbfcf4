/**
 * `Content-Disposition: attachment` naming the file twice (RFC 6266): `filename` in plain
 * ASCII for the few clients that read nothing else, and `filename*` in UTF-8 (RFC 8187), which
 * every browser prefers, so a Hebrew name arrives whole instead of as mojibake or underscores.
 */
export function attachment(asciiName: string, utf8Name: string): string {
  if (!/^[\w.-]+$/.test(asciiName)) throw new Error(`Not a plain ASCII file name: ${asciiName}`)
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeRfc8187(utf8Name)}`
}

/** Percent-encodes all but RFC 8187's attr-chars; encodeURIComponent leaves ' ( ) * as they are. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}
