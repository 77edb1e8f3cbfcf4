import { z } from 'zod'

/**
 * How the built-in PayPlus sandbox behaves where PayPlus itself may answer in more than one
 * way (shared/payplus.md §1.2, §1.6, §1.9): the sandbox's knobs, all here and nowhere else.
 * A server takes them from PAYPLUS_SANDBOX_BEHAVIOUR (`key=value,key=value`); a test app
 * hands the sandbox a live copy it may change between tests (`ctx.sandbox`).
 */
export const SandboxBehaviourSchema = z.object({
  /** The header forms the account honours: the pair the docs show, the JSON one PayPlus's clients send, or both. */
  authHeaders: z.enum(['both', 'json', 'pair']).default('both'),
  /** How the shopper's browser comes back to refURL_success/_failure: a dashboard setting of the page. */
  returnMethod: z.enum(['get', 'post']).default('get'),
  /** The return arrives with no parameters at all (PayPlus's Magento module copes with it). */
  emptyReturn: z.boolean().default(false),
  /** PayPlus calls back for transactions "charged or refunded": refunds too. */
  refundCallbacks: z.boolean().default(true),
  /** A refund is made, then its answer is lost on the way (a gateway timeout, 504): the shop must not pay it twice. */
  refundAnswerLost: z.boolean().default(false),
  /** Seconds a Bit payment waits for the payer's approval in the app. */
  bitApprovalSeconds: z.coerce.number().int().min(0).max(600).default(3),
  /** The methods switched on in the sandbox's "dashboard": what a link that names none offers. */
  dashboardMethods: z
    .array(z.enum(['credit-card', 'bit', 'apple-pay', 'google-pay']))
    .default(['credit-card', 'bit', 'apple-pay', 'google-pay']),
  /** Installments the dashboard offers when a link does not say (PayPlus: the page's own setting). */
  dashboardInstallments: z.coerce.number().int().min(1).max(36).default(12),
  /** The sandbox's clock runs this far ahead: tests of a page's expiry and of Bit's pause, without waiting. */
  clockOffsetSeconds: z.coerce.number().int().default(0),
})
export type SandboxBehaviour = z.infer<typeof SandboxBehaviourSchema>

export const DEFAULT_SANDBOX_BEHAVIOUR: Readonly<SandboxBehaviour> = Object.freeze(
  SandboxBehaviourSchema.parse({}),
)

/**
 * `returnMethod=post,authHeaders=json,dashboardMethods=credit-card|bit`: lists are joined
 * with `|`, booleans are `true`/`false`. Throws a readable message for a wrong key or value.
 */
export function parseSandboxBehaviour(text: string | undefined): SandboxBehaviour {
  const raw: Record<string, unknown> = {}
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim()
    if (!trimmed) continue
    const [key, ...rest] = trimmed.split('=')
    const value = rest.join('=').trim()
    const name = key!.trim()
    if (!(name in SandboxBehaviourSchema.shape)) throw new Error(`unknown setting ${JSON.stringify(name)}`)
    raw[name] =
      name === 'dashboardMethods'
        ? value.split('|').filter(Boolean)
        : value === 'false'
          ? false
          : value === 'true'
            ? true
            : value
  }
  const parsed = SandboxBehaviourSchema.safeParse(raw)
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    )
  }
  return parsed.data
}
