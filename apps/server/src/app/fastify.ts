import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify'
import compress from '@fastify/compress'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig } from '../config/env.js'
import type { DatabaseHandle } from '../db/client.js'
import { errorsPlugin } from '../plugins/errors.plugin.js'
import { securityPlugin } from '../plugins/security.plugin.js'
import { textInputPlugin } from '../plugins/text-input.plugin.js'
import { openapiPlugin } from '../plugins/openapi.plugin.js'
import { KeptPages, keptPagesPlugin } from '../plugins/kept-pages.plugin.js'
import { PageCache, type PageCacheOptions } from '../lib/page-cache.js'
import { COMPRESSION_THRESHOLD } from '../lib/built-assets.js'
import { loggedUrl } from '../lib/request-log.js'

// Every schema is zod, checked and written by the zod type provider's compilers. Given as
// the compiler factories (not with setValidatorCompiler), they also keep Fastify from
// loading its own, Ajv with ajv-formats and fast-json-stringify, which it would only
// replace: a tenth of a second of every start (docs/decisions/165). Fastify types the
// factories for Ajv; it calls what they return as it calls a compiler set on the instance.
const zodCompilers = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as CompilersFactory,
}
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

/** Where pino writes its lines (one JSON object and a newline each), in place of standard output. */
export type LogStream = { write(line: string): void }

/**
 * The Fastify instance with its compilers and the hooks that close the database and idle
 * sockets. `logStream` replaces standard output (tests read the log from it).
 */
export function createFastify(config: AppConfig, database: DatabaseHandle, logStream?: LogStream) {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    // Under load the default of 72 s keeps idle sockets far longer than a browser needs.
    keepAliveTimeout: 65_000,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: zodCompilers,
  }).withTypeProvider<ZodTypeProvider>()

  app.addHook('onClose', async () => {
    await database.close()
  })
  // On shutdown Fastify closes the connections that are idle at that moment; a
  // keep-alive connection whose request finishes afterwards would stay open until
  // its timeout and hold the process. Asking the client to close it avoids that.
  let isClosing = false
  app.addHook('preClose', async () => {
    isClosing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close')
  })
  return app
}

/** The plugins every request passes, in their order; returns the kept pages the SPA plugin fills. */
export async function registerBasePlugins(
  app: ReturnType<typeof createFastify>,
  config: AppConfig,
  pageDraws?: PageCacheOptions['draw'],
): Promise<KeptPages> {
  await app.register(errorsPlugin)
  // First of all hooks: a repeat visit to a kept page is answered here (decision 154).
  const maxBytes = config.pages.cacheMaxBytes
  const keptPages = new KeptPages(new PageCache(pageDraws ? { maxBytes, draw: pageDraws } : { maxBytes }))
  await app.register(keptPagesPlugin, { keptPages })
  // Before every route: the contracts' text rule over all input (decision 110).
  await app.register(textInputPlugin)
  await app.register(securityPlugin, { config })
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD })
  await app.register(openapiPlugin, { config })
  return keptPages
}

function loggerOptions(config: AppConfig, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.env === 'test' && !stream) return { level: 'silent' }
  const base = {
    level: config.env === 'test' ? 'info' : config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["secret-key"]'],
    serializers: { req: requestForLog },
    ...(stream ? { stream } : {}),
  }
  if (config.env === 'development') {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
  }
  return base
}

/**
 * Fastify's own request line with the address as `loggedUrl` keeps it: no query values and
 * no secret path parameters (issue 33, decision 236).
 */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
