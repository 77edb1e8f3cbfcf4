import fs from 'node:fs'
import path from 'node:path'

/** One .eml file of the mail folder, read as a mail program would: headers decoded, both parts. */
export type MailFile = { name: string; to: string; subject: string; html: string; text: string }

/** RFC 2047 words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes a Hebrew subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    )
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** A header's value, its folded lines joined. */
function header(block: string, name: string): string {
  const match = new RegExp(`^${name}: ([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, 'im').exec(block)
  return match ? match[1]!.replace(/\n[ \t]/g, ' ') : ''
}

function part(raw: string, type: 'plain' | 'html'): string {
  const pattern = new RegExp(
    `Content-Type: text/${type}[^\\n]*\\n((?:[^\\n]+\\n)*?)\\n([\\s\\S]*?)\\n--`,
    'i',
  )
  const match = pattern.exec(raw)
  if (!match) return ''
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(match[1]!)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(match[2]!.replace(/\s/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(match[2]!)
  return match[2]!
}

/** Every mail in $DATA_DIR/mail, oldest first. */
export function mailFiles(dataDir: string): MailFile[] {
  const dir = path.join(dataDir, 'mail')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8').replace(/\r\n/g, '\n')
      const head = raw.slice(0, raw.indexOf('\n\n'))
      return {
        name,
        to: header(head, 'To'),
        subject: decodeWords(header(head, 'Subject')),
        html: part(raw, 'html'),
        text: part(raw, 'plain'),
      }
    })
}
