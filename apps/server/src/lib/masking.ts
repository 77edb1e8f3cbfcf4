/** Israeli ID numbers are personal data: only the last three digits are ever kept (DESIGN §5). */
export function maskIdNumber(value: string | null | undefined): string {
  const digits = String(value ?? '').replace(/\D/g, '')
  if (digits.length === 0) return ''
  const visible = digits.slice(-3)
  return '*'.repeat(Math.max(digits.length - visible.length, 6)) + visible
}
