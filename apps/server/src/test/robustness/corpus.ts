import crypto from 'node:crypto'
import fc from 'fast-check'

/**
 * A generated corpus of malformed requests (issue 15, "Keep it proven"): every route the
 * app has, with wrong types, huge and deeply nested bodies, invalid UTF-8, NUL bytes,
 * lone surrogates, unknown fields, bad ids, traversal in paths and file names, and
 * cut-off multipart. Deterministic: the same seed gives the same corpus.
 */

export type Route = { method: string; path: string; isProtected: boolean; bodyShape?: unknown }

export type MalformedRequest = {
  label: string
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  /** Send the administrator's token (every admin route gets its corpus with one). */
  asAdmin: boolean
}

export const SEED = 15

// Strings that have broken or could break something between the socket and the database.
const BAD_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u0007\u001B[31m',
  '\u202Eevil',
  '\uFEFF',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1 --",
  '$(reboot)',
  '<script>alert(1)</script>',
  '%00',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧',
  'ת'.repeat(70_000),
]

const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, 1e308, -1e308, [], {}, [null], { $gt: '' }, 'NaN']

// Path segments and query values as they travel: already percent-encoded.
const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80', // a surrogate encoded in UTF-8: invalid UTF-8
  '%FF%FE',
  '%C0%80', // overlong NUL
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '..%5C..%5Cwin.ini',
  '%252e%252e%252f',
  '-1',
  '0',
  '1e309',
  'null',
  '%7B%7D',
  'x'.repeat(5000),
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  crypto.randomUUID(),
  '%E2%80%AE',
  "'%20OR%201=1",
]

const fcOptions = { seed: SEED }

/** A body of the right outline built from the route's JSON schema, to mutate one field at a time. */
export function outlineOf(schema: unknown, depth = 0): unknown {
  const s = (schema ?? {}) as Record<string, unknown>
  if (depth > 6) return null
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined
  if (variants?.length) return outlineOf(variants[0], depth + 1)
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0]
  if (s.const !== undefined) return s.const
  switch (s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, outlineOf(value, depth + 1)]),
      )
    }
    case 'array':
      return [outlineOf(s.items, depth + 1)]
    case 'string':
      return 'טקסט'
    case 'integer':
    case 'number':
      return 1
    case 'boolean':
      return true
    default:
      return null
  }
}

function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((child, index) => leafPaths(child, [...path, index]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...path, key]))
  return [path]
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(value) as Record<string | number, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as typeof at
  at[path.at(-1)!] = replacement
  return copy
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

const JSON_HEADERS = { 'content-type': 'application/json' }

/** Raw bodies no JSON route should choke on. */
function rawBodies(): { label: string; payload: string | Buffer; headers: Record<string, string> }[] {
  return [
    {
      label: 'invalid UTF-8 in a string',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: JSON_HEADERS,
    },
    {
      label: 'a UTF-8-encoded surrogate',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
      headers: JSON_HEADERS,
    },
    {
      label: 'overlong NUL',
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]),
      headers: JSON_HEADERS,
    },
    { label: 'a raw NUL byte', payload: Buffer.from('{"a":"\u0000"}'), headers: JSON_HEADERS },
    { label: 'cut-off JSON', payload: '{"customer": {"firstName": "נוע', headers: JSON_HEADERS },
    { label: 'empty JSON body', payload: '', headers: JSON_HEADERS },
    { label: 'JSON null', payload: 'null', headers: JSON_HEADERS },
    { label: 'JSON string', payload: '"text"', headers: JSON_HEADERS },
    { label: 'deeply nested arrays', payload: nested(50_000), headers: JSON_HEADERS },
    { label: 'deeply nested objects', payload: nestedObject(20_000), headers: JSON_HEADERS },
    { label: 'body over the limit', payload: `{"a":"${'x'.repeat(1_100_000)}"}`, headers: JSON_HEADERS },
    {
      label: 'prototype pollution',
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      headers: JSON_HEADERS,
    },
    { label: 'duplicate keys', payload: '{"a":1,"a":"\\u0000"}', headers: JSON_HEADERS },
    { label: 'escaped lone surrogate', payload: '{"a":"\\ud800","\\udfff":1}', headers: JSON_HEADERS },
    { label: 'text/plain', payload: 'hello', headers: { 'content-type': 'text/plain' } },
    {
      label: 'form encoded',
      payload: 'a=%00&b=%ff&__proto__[x]=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    {
      label: 'unknown content type',
      payload: '\u0000\u0001',
      headers: { 'content-type': 'application/x-evil; charset=utf-7' },
    },
    {
      label: 'charset lie',
      payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00]),
      headers: { 'content-type': 'application/json; charset=utf-16' },
    },
    {
      label: 'multipart to a JSON route',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
  ]
}

function fill(path: string, segment: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}|:([A-Za-z]+)/g, (_match, a: string | undefined, b: string | undefined) =>
    segment(a ?? b ?? ''),
  )
}

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method)

/** The corpus for one route. */
export function corpusFor(route: Route, queryNames: string[]): MalformedRequest[] {
  const out: MalformedRequest[] = []
  const base = { method: route.method, asAdmin: route.isProtected }
  const goodUrl = fill(route.path, () => crypto.randomUUID())
  const push = (
    label: string,
    url: string,
    headers: Record<string, string> = {},
    payload?: string | Buffer,
  ) =>
    out.push({
      ...base,
      label: `${route.method} ${route.path}: ${label}`,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    })
  // Routes with a body get a well-formed one, so the path or query is what is wrong.
  const bodyArgs = (): [Record<string, string>?, string?] =>
    hasBody(route.method) ? [JSON_HEADERS, JSON.stringify(route.bodyShape ?? {})] : []

  // Bad ids and traversal in every path parameter.
  if (/\{|:/.test(route.path))
    for (const segment of BAD_SEGMENTS)
      push(
        `path ${segment.slice(0, 30)}`,
        fill(route.path, () => segment),
        ...bodyArgs(),
      )

  // The query string: each known name, and unknown and repeated ones.
  for (const name of [...queryNames, 'unknown']) {
    for (const value of [...BAD_SEGMENTS.slice(0, 12), '%5B%5D', 'a&' + name + '=b'])
      push(`query ${name}=${value.slice(0, 20)}`, `${goodUrl}?${name}=${value}`, ...bodyArgs())
    push(`query ${name}[]`, `${goodUrl}?${name}[]=1&${name}[x]=2`)
  }
  push('query huge', `${goodUrl}?${'a=1&'.repeat(3000)}`)

  if (!hasBody(route.method)) return out

  // Every field of the body's outline replaced by a bad string or a wrong type, one at a time.
  const outline = route.bodyShape ?? {}
  const leaves = leafPaths(outline).slice(0, 40)
  for (const leaf of leaves) {
    const replacements = [
      ...BAD_STRINGS.slice(1, 6),
      ...WRONG_TYPES.slice(0, 4),
      BAD_STRINGS.at(-1),
      { deep: JSON.parse(nested(200)) },
    ]
    for (const replacement of replacements)
      push(
        `body ${leaf.join('.') || '(root)'} = ${JSON.stringify(replacement).slice(0, 20)}`,
        goodUrl,
        JSON_HEADERS,
        JSON.stringify(setAt(outline, leaf, replacement)),
      )
  }
  // Unknown fields, with bad names and values.
  for (const key of ['unknownField', '\u0000', '\uD800', '__proto__', 'constructor', 'x'.repeat(10_000)])
    push(
      `unknown field ${JSON.stringify(key).slice(0, 12)}`,
      goodUrl,
      JSON_HEADERS,
      JSON.stringify({ ...(outline as object), [key]: BAD_STRINGS[2] }),
    )
  // Whole bodies of the wrong type.
  for (const wrong of WRONG_TYPES)
    push(`body ${JSON.stringify(wrong)}`, goodUrl, JSON_HEADERS, JSON.stringify(wrong))
  for (const raw of rawBodies()) push(raw.label, goodUrl, raw.headers, raw.payload)
  // Random JSON, property based: fast-check's values of every shape and size.
  for (const value of fc.sample(fc.jsonValue({ maxDepth: 5 }), { ...fcOptions, numRuns: 12 }))
    push('random JSON', goodUrl, JSON_HEADERS, JSON.stringify(value))
  for (const value of fc.sample(fc.object({ maxDepth: 3, withNullPrototype: false }), {
    ...fcOptions,
    numRuns: 6,
  }))
    push('random object', goodUrl, JSON_HEADERS, safeStringify(value))
  return out
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? String(v) : v)) ?? 'null'
  } catch {
    return '{}'
  }
}
