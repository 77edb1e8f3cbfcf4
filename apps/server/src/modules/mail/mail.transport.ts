import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export type OutgoingMail = { from: string; to: string; subject: string; html: string; text: string }
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void }

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under $DATA_DIR/mail. */
export function createMailTransport(options: {
  smtpUrl: string | undefined
  mailDir: string
}): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transporter.sendMail(mail)
      },
      close: () => transporter.close(),
    }
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail)
      await fs.mkdir(options.mailDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`
      await fs.writeFile(path.join(options.mailDir, name), info.message as Buffer)
    },
    close: () => transporter.close(),
  }
}
