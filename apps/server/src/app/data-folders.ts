import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config/env.js'
import { sharedFolders } from '../lib/private-files.js'

/**
 * The folders of the data folder this configuration writes to, on either engine: the
 * embedded database's (PGlite only), the images' (unless in S3), the mail files' (unless
 * SMTP), the backups' (the default one and BACKUP_DIR).
 */
export function dataFolders(config: AppConfig): string[] {
  const inData = (name: string) => path.join(config.dataDir, name)
  return [
    config.dataDir,
    ...(config.databaseUrl ? [] : [inData('db')]),
    ...(config.s3 ? [] : [inData('uploads')]),
    ...(config.smtpUrl ? [] : [inData('mail')]),
    inData('backups'),
    ...(config.backup.dir ? [config.backup.dir] : []),
  ]
}

/**
 * At start (decision 235): a folder of the data that a group or other users may enter is
 * said in the log, with the command that closes it. The shop does not change the modes of a
 * folder it did not make: the owner may share it on purpose (a backup folder another user
 * copies off the machine); what the shop makes is its own user's alone.
 */
export async function warnOfSharedDataFolders(config: AppConfig, log: FastifyBaseLogger): Promise<void> {
  for (const { folder, mode } of await sharedFolders(dataFolders(config))) {
    log.warn(
      { folder, mode },
      `data folder open to other users (mode ${mode}): it holds customers' details; close it with chmod -R go= "${folder}"`,
    )
  }
}
