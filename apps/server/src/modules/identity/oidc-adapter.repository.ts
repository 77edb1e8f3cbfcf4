import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import { isValidText } from '@tavlin/contracts'
import type { Database } from '../../db/client.js'
import { oidcPayloads } from '../../db/schema/index.js'

/**
 * oidc-provider's storage in the shop's database, one table for all models.
 * Expired rows are never returned; they are swept now and then on write.
 */
export function drizzleAdapterFactory(db: Database): new (model: string) => Adapter {
  let lastSweep = 0

  return class DrizzleAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null
      const values = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      }
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: values.payload,
            grantId: values.grantId,
            userCode: values.userCode,
            uid: values.uid,
            expiresAt,
          },
        })
      await sweep()
    }

    // Ids come from what a client sent (a client_id, a token in a form body): text the
    // database cannot hold names nothing stored, rather than failing the query.
    async find(id: string): Promise<AdapterPayload | undefined> {
      return isValidText(id) ? this.findWhere(eq(oidcPayloads.id, id)) : undefined
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return isValidText(userCode) ? this.findWhere(eq(oidcPayloads.userCode, userCode)) : undefined
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return isValidText(uid) ? this.findWhere(eq(oidcPayloads.uid, uid)) : undefined
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, this.model),
            condition,
            or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
          ),
        )
      if (!row) return undefined
      // oidc-provider detects replay of a code or refresh token from `consumed`.
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      }
    }
  }

  async function sweep(): Promise<void> {
    const now = Date.now()
    if (now - lastSweep < 10 * 60_000) return
    lastSweep = now
    await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now() - interval '1 hour'`))
  }
}
