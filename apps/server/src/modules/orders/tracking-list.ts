import {
  TRACKING_LIST_MAX_LINES,
  trackingNumberProblem,
  type TrackingLineError,
  type TrackingLineProblem,
} from '@tavlin/contracts'

/** One good line of a pasted list: the order's number (1001 for TV-1001) and its tracking number. */
export type TrackingListEntry = { line: number; orderNumber: number; trackingNumber: string; text: string }

const ORDER_NUMBER = /^(?:TV-?)?(\d{1,9})$/i
const SEPARATOR = /[,;\t]/
const TEXT_SHOWN = 60

/**
 * A cell as a spreadsheet writes it: spaces around it, maybe in one pair of double quotes.
 * Neither value may hold a comma, quote or line break (an order number is TV-<digits>, a
 * tracking number [A-Za-z0-9-]), so splitting a line at its separators reads every good
 * line whole; anything else fails the value's own check and is reported (decision 264).
 */
function cell(value: string): string {
  const trimmed = value.trim()
  return /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed
}

/** A CSV's heading ("מספר הזמנה,מספר מעקב"): a first line whose first cell has no digit. */
function isHeading(cells: string[], index: number): boolean {
  return index === 0 && !/\d/.test(cells[0] ?? '')
}

function readLine(raw: string, line: number): TrackingListEntry | TrackingLineError {
  const text = raw.trim().slice(0, TEXT_SHOWN)
  const cells = raw.split(SEPARATOR).map(cell)
  const [order = '', trackingNumber = '', ...rest] = cells
  const fail = (problem: TrackingLineProblem): TrackingLineError => ({ line, problem, text })
  if (order === '' || trackingNumber === '' || rest.some((extra) => extra !== '')) return fail('lineFormat')
  const match = ORDER_NUMBER.exec(order)
  if (!match) return fail('unknownOrder')
  const problem = trackingNumberProblem(trackingNumber)
  if (problem) return fail(problem.replace('tracking.errors.', '') as TrackingLineProblem)
  return { line, orderNumber: Number(match[1]), trackingNumber, text }
}

/**
 * Reads a pasted list or a CSV file's text, one "order number,tracking number" a line.
 * Blank lines are passed over; line numbers are the owner's, from 1.
 */
export function readTrackingList(list: string): {
  entries: TrackingListEntry[]
  problems: TrackingLineError[]
} {
  const lines = list.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const entries: TrackingListEntry[] = []
  const problems: TrackingLineError[] = []
  const seen = new Set<number>()
  lines.forEach((raw, index) => {
    if (raw.trim() === '' || isHeading(raw.split(SEPARATOR).map(cell), index)) return
    const read = readLine(raw, index + 1)
    if ('problem' in read) problems.push(read)
    else if (seen.has(read.orderNumber))
      problems.push({ line: read.line, problem: 'duplicateOrder', text: read.text })
    else {
      seen.add(read.orderNumber)
      entries.push(read)
    }
  })
  if (entries.length + problems.length > TRACKING_LIST_MAX_LINES) {
    return { entries: [], problems: [{ line: 0, problem: 'tooManyLines', text: '' }] }
  }
  return { entries, problems }
}
