/** The slice of pino that services use, so they log without importing Fastify. */
export type Logger = {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}
