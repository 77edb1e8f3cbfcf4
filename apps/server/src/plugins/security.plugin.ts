import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/env.js'

/** Security headers with a strict Content-Security-Policy: no inline script anywhere. */
export const securityPlugin = fp(
  async function security(app: FastifyInstance, { config }: { config: AppConfig }) {
    const headers = Object.entries(securityHeaders(helmetOptions(config)))
    // The same headers for every answer, worked out once: @fastify/helmet built Helmet's
    // middleware again for each request, parsing the CSP each time (a tenth of a cached
    // read's CPU, decision 166). Set on the raw response, as Helmet does, so the answers
    // Fastify does not send (the identity provider's, through middie) have them too: a
    // popup whose pages differ in Cross-Origin-Opener-Policy loses its opener.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      done()
    })
  },
  { name: 'security' },
)

export function helmetOptions(config: AppConfig): Readonly<HelmetOptions> {
  const isHttps = config.publicUrl.startsWith('https://')
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix and react-toastify set element styles at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:'],
        'frame-src': ["'self'", 'https:'],
        'form-action': ["'self'", 'https:'],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'upgrade-insecure-requests': isHttps ? [] : null,
      },
    },
    hsts: isHttps ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The sign-in popup must be able to talk back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  }
}

/** The headers Helmet's middleware sets with these options: none of them depends on the request. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value
    },
    removeHeader() {},
  } as unknown as ServerResponse
  let failure: unknown
  helmet(options)({} as never, recorder, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}
