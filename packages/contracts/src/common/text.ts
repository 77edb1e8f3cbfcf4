/**
 * The one rule for text that reaches the shop from outside (issue 15, decision 110):
 * well-formed Unicode (no lone surrogate halves) without control characters — except
 * line breaks and tabs in the fields a person may write several lines in. PostgreSQL
 * refuses NUL and ill-formed text outright, and no field of ours has a use for the rest.
 * The server applies it at the edge to every path parameter, query string, JSON or form
 * body (keys included), multipart field and file name, and the identity provider's
 * parameters, and answers a 400 naming the field.
 */

/** Message key of the detail a 400 carries for such text (translated by the web app). */
export const INVALID_TEXT_MESSAGE = 'validation.invalidText'

/** Fields that allow several lines (the web app's text areas), by their last name in the path. */
export const MULTILINE_TEXT_FIELDS: ReadonlySet<string> = new Set([
  'description',
  'shortDescription',
  'notes',
  'message',
  'eventDescription',
])

// C0 controls, DEL and the C1 controls; the multi-line variant lets tab, LF and CR through.
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// A high half not followed by a low half, or a low half not preceded by a high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isValidText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL
  return !control.test(value) && !LONE_SURROGATE.test(value)
}

/** Whether the field at this path (`['customer', 'notes']`, `['instructions', 0, 'description']`) allows several lines. */
export function isMultilineField(path: readonly (string | number)[]): boolean {
  for (let index = path.length - 1; index >= 0; index--) {
    const segment = path[index]
    if (typeof segment === 'string') return MULTILINE_TEXT_FIELDS.has(segment)
  }
  return false
}

/**
 * The path of the first string (or object key) in `input` that breaks the rule, or null.
 * Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findInvalidText(input: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }]
  while (stack.length > 0) {
    const { value, path } = stack.pop()!
    if (typeof value === 'string') {
      if (!isValidText(value, { multiline: isMultilineField(path) })) return path
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], path: [...path, index] })
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value as Record<string, unknown>)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!
        if (!isValidText(key)) return [...path, key]
        stack.push({ value: child, path: [...path, key] })
      }
    }
  }
  return null
}
