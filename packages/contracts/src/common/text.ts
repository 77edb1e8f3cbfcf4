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
  'markdown',
  'trackingList',
  'comment',
  'reply',
])

// C0 controls, DEL and the C1 controls; the multi-line variant lets tab, LF and CR through.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F]/
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTILINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
// A high half not followed by a low half, or a low half not preceded by a high half.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isValidText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL
  return !control.test(value) && !LONE_SURROGATE.test(value)
}

type Node = {
  value: unknown
  key: string | number | undefined
  parent: Node | undefined
  /** Whether the nearest field name above (`notes` for `notes`, `description` for `instructions.0.description`) is multi-line. */
  isMultiline: boolean
}

/**
 * The path of the first string (or object key) in `input` that breaks the rule, or null.
 * Walks without recursion and without copying paths (a node knows its parent), so a
 * deeply nested body costs time in proportion to its size and cannot exhaust the stack.
 */
export function findInvalidText(input: unknown): (string | number)[] | null {
  const stack: Node[] = [{ value: input, key: undefined, parent: undefined, isMultiline: false }]
  while (stack.length > 0) {
    const node = stack.pop()!
    const { value } = node
    if (typeof value === 'string') {
      if (!isValidText(value, { multiline: node.isMultiline })) return pathOf(node)
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], key: index, parent: node, isMultiline: node.isMultiline })
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      const entries = Object.entries(value as Record<string, unknown>)
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index]!
        if (!isValidText(key)) return [...pathOf(node), key]
        stack.push({ value: child, key, parent: node, isMultiline: MULTILINE_TEXT_FIELDS.has(key) })
      }
    }
  }
  return null
}

function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = []
  for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key)
  return path.reverse()
}
