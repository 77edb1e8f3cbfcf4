import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config/env.js'

/** Security headers with a strict Content-Security-Policy: no inline script anywhere. */
export const securityPlugin = fp(
  async function security(app: FastifyInstance, { config }: { config: AppConfig }) {
    const isHttps = config.publicUrl.startsWith('https://')
    await app.register(helmet, {
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
    })
  },
  { name: 'security' },
)
