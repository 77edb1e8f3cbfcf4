import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../config/env.js'
import { BuiltAssets } from '../lib/built-assets.js'
import { negotiateEncoding } from '../lib/page-cache.js'
import { matchesEtag } from './kept-pages.plugin.js'
import { helmetOptions, securityHeaders } from './security.plugin.js'

const ONE_YEAR = 31536000

/**
 * The build's hashed files from memory, at the door (decision 296): a page's start asks for
 * dozens of them, and through @fastify/static each cost a stat, a stream and the other
 * plugins' hooks. The door runs before the security plugin, so their headers are set here.
 * A range request, an address with a query and anything `BuiltAssets` does not answer go on
 * to @fastify/static as before.
 */
export function assetSender(folder: string, config: AppConfig) {
  const assets = new BuiltAssets(folder)
  const security = Object.entries(securityHeaders(helmetOptions(config)))
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.headers.range || request.url.includes('?')) return false
    const name = request.url.slice('/assets/'.length)
    const answer = await assets.find(name, negotiateEncoding(request.headers['accept-encoding']))
    if (!answer) return false
    // The name carries the content's hash: it is the file's version.
    const etag = `W/"${name}"`
    for (const [header, value] of security) void reply.header(header, value)
    void reply
      .header('cache-control', `public, max-age=${ONE_YEAR}, immutable`)
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .type(answer.type)
    if (matchesEtag(request.headers['if-none-match'], etag)) await reply.code(304).send()
    else if (answer.encoding) await reply.header('content-encoding', answer.encoding).send(answer.body)
    else await reply.send(answer.body)
    return true
  }
}
