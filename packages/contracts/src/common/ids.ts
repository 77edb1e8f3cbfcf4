import { z } from 'zod'

export const IdSchema = z.uuid({ error: 'validation.invalidId' })

export const IdParamsSchema = z.object({ id: IdSchema })
export type IdParams = z.infer<typeof IdParamsSchema>
