import type { z } from 'zod'
import type { CatalogueImportItem, CatalogueImportKind } from '@tavlin/contracts'
import { AppError } from '../../../lib/errors.js'
import type { RowProblem } from './import-draft.js'
import { problemText } from './import-messages.js'
import type { LinkedDraft } from './recipe-source.js'
import { isRemote, remoteImage } from './remote-image.js'

/**
 * Recipes and packages judged (decision 292) as the admin forms judge them: the contracts'
 * input schema, then the kind's own checks (linked products, recipes and sizes exist), then
 * matched by id, else by their unique name; unchanged ones write nothing.
 */
type Change = CatalogueImportItem['changes'][number]

export type LinkedItem<Write> = CatalogueImportItem & {
  write?: Write
  /** A new one's id as its file gives it (a uuid no entity of its kind has): kept on insert. */
  keptId?: string
}

export type LinkedJudge<Entity, Write> = {
  kind: Exclude<CatalogueImportKind, 'product'>
  schema: z.ZodType
  /** The kind's own checks (as the admin form's request runs them) and the write they give. */
  toWrite(input: never): Promise<Write>
  changesOf(entity: Entity, write: Write): Change[]
  /** The code of "the same name twice in the file". */
  twice: string
  /** Checks an image address a new one gives (https, a public host); absent: none can be fetched. */
  checkImage?(url: string): Promise<void>
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i

const problem = (row: number, column: string | undefined, code: string, values = {}): RowProblem => ({
  row,
  ...(column !== undefined && { column }),
  code,
  message: problemText(code, values),
})

/** A schema issue's or a kind check's path → the row (a list entry's own row) and the file's column. */
function located(draft: LinkedDraft, path: readonly PropertyKey[]): { row: number; column?: string } {
  const [head = '', index, field] = path.map(String)
  const lines = draft.lines[head]
  if (lines && index !== undefined && /^\d+$/.test(index)) {
    const row = lines[Number(index)] ?? draft.row
    return { row, column: draft.columns[field ? `${head}.${field}` : head] ?? draft.columns[head] }
  }
  return { row: draft.row, column: draft.columns[head] }
}

function namesTwice(drafts: readonly LinkedDraft[], code: string): Map<LinkedDraft, RowProblem[]> {
  const count = new Map<string, number>()
  for (const draft of drafts) count.set(draft.name.trim(), (count.get(draft.name.trim()) ?? 0) + 1)
  return new Map(
    drafts.map((draft) => [
      draft,
      draft.name.trim() && count.get(draft.name.trim())! > 1
        ? [problem(draft.row, draft.columns.name, code, { value: draft.name })]
        : [],
    ]),
  )
}

async function writeOf<Write>(
  draft: LinkedDraft,
  judge: LinkedJudge<unknown, Write>,
  problems: RowProblem[],
): Promise<Write | undefined> {
  const parsed = judge.schema.safeParse(draft.input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = located(draft, issue.path)
      problems.push(problem(where.row, where.column, issue.message))
    }
    return undefined
  }
  try {
    return await judge.toWrite(parsed.data as never)
  } catch (error) {
    const [detail] =
      error instanceof AppError ? ((error.details as Array<{ field: string; message: string }>) ?? []) : []
    if (!detail) throw error
    const where = located(draft, detail.field.replace(/^body\./, '').split('.'))
    problems.push(problem(where.row, where.column, detail.message))
    return undefined
  }
}

export async function planLinked<
  Entity extends { _id: string; name: string; image: string },
  Write extends { image: string },
>(
  drafts: readonly LinkedDraft[],
  existing: readonly Entity[],
  judge: LinkedJudge<Entity, Write>,
): Promise<Array<LinkedItem<Write>>> {
  const byId = new Map(existing.map((entity) => [entity._id, entity]))
  const byName = new Map(existing.map((entity) => [entity.name.trim(), entity]))
  const twice = namesTwice(drafts, judge.twice)
  const items: Array<LinkedItem<Write>> = []
  for (const draft of drafts) {
    const problems = [...draft.problems, ...twice.get(draft)!]
    const matched = (draft.id ? byId.get(draft.id) : undefined) ?? byName.get(draft.name.trim())
    const named = byName.get(draft.name.trim())
    if (named && matched && named._id !== matched._id)
      problems.push(problem(draft.row, draft.columns.name, 'validation.nameTaken'))
    const write = await writeOf(draft, judge as LinkedJudge<unknown, Write>, problems)
    if (write && isRemote(write.image)) {
      const refused = await remoteImage(write, matched, judge)
      if (refused) problems.push(problem(draft.row, draft.columns.image, 'import.image', { value: refused }))
    }
    const base = { kind: judge.kind, row: draft.row, name: draft.name, productId: matched?._id ?? null }
    if (problems.length > 0 || write === undefined) {
      items.push({
        ...base,
        status: 'invalid',
        changes: [],
        problems: problems.map((p) => ({ ...p, column: p.column ?? null })),
      })
      continue
    }
    const changes = matched ? judge.changesOf(matched, write) : []
    const status = !matched ? 'create' : changes.length > 0 ? 'change' : 'unchanged'
    const keptId = !matched && isUuid(draft.id) ? draft.id : undefined
    items.push({ ...base, status, changes, problems: [], write, ...(keptId && { keptId }) })
  }
  return items
}

/**
 * The id each of the file's ids will have once applied: the entity it matched, else (new) its
 * own. An invalid row counts too: what links to it is not reported a second time.
 */
export function appliedIds(
  drafts: ReadonlyArray<{ id?: string }>,
  items: ReadonlyArray<{ productId: string | null }>,
): Map<string, string> {
  const ids = new Map<string, string>()
  drafts.forEach((draft, index) => {
    const id = items[index]!.productId ?? (isUuid(draft.id) ? draft.id : undefined)
    if (draft.id && id) ids.set(draft.id, id)
  })
  return ids
}

export const isUuid = (value: string | undefined): value is string => value !== undefined && UUID.test(value)
