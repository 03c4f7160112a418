/**
 * Outgoing mail through nodemailer (server-contract: Configuration): SMTP when SMTP_URL is set,
 * otherwise each message is written to DATA_DIR/outbox as an .eml file and its links are logged.
 */
import nodemailer from 'nodemailer'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'

/** One email: text and html bodies of the same message. */
export type MailMessage = { to: string; subject: string; text: string; html: string }

/** Sends mail; send() rejects when the transport fails. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** SMTP mailer for smtpUrl (smtp:// or smtps://), sending from `from`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return { send: async (m) => void (await transport.sendMail({ from, ...m })) }
}

/** Outbox mailer: writes each message as <outboxDir>/<time>-<uuid>.eml and logs its links. */
export function createOutboxMailer(outboxDir: string, from: string, log: (line: string) => void = console.log): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(m) {
      const info = await transport.sendMail({ from, ...m })
      await mkdir(outboxDir, { recursive: true })
      const file = join(outboxDir, `${Date.now()}-${randomUUID()}.eml`)
      await writeFile(file, info.message as Buffer)
      const links = m.text.match(/https?:\/\/\S+/g) ?? []
      log(`mail to ${m.to} written to ${file}${links.length ? `; link: ${links.join(' ')}` : ''}`)
    },
  }
}
