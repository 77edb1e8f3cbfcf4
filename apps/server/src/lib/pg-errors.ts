/**
 * Both drivers report PostgreSQL errors with their SQLSTATE in `code`; Drizzle
 * wraps them (DrizzleQueryError) with the driver's error as `cause`.
 */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 3 && current; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505'
}

/** The constraint a PostgreSQL error names (both drivers report it), through Drizzle's wrapper. */
export function constraintOf(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 3 && current; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint
    if (typeof constraint === 'string') return constraint
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
