import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/env.js'
import { PRIVATE_FOLDER_MODE } from '../lib/private-files.js'

/** Images stored under $DATA_DIR/uploads are served at /uploads; their names never change. */
export const uploadsStaticPlugin = fp(
  async function uploadsStatic(app: FastifyInstance, { config }: { config: AppConfig }) {
    const root = path.join(config.dataDir, 'uploads')
    fs.mkdirSync(root, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    await app.register(fastifyStatic, {
      root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
      // The pictures in the shop's mails load from a mail program's page, not the shop's
      // (issue 41): helmet's same-origin policy would block them there. They are public.
      setHeaders: (reply) => void reply.header('Cross-Origin-Resource-Policy', 'cross-origin'),
    })
  },
  { name: 'uploads-static' },
)
