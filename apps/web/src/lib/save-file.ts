/**
 * Hands a downloaded file to the browser's save flow. Needed for files behind a bearer
 * token: a plain link cannot send the token, so the file is fetched first.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
