import { MIN_PASSWORD_LENGTH } from './accounts.service.js'

/** Longer passwords are refused: scrypt over megabytes of input would be a cheap way to load the server. */
export const MAX_PASSWORD_LENGTH = 200

/**
 * Passwords of at least 10 characters that lead the public breach lists (the top of
 * SecLists' 10-million list and NCSC's 100k list, filtered to our minimum length).
 * A small list on purpose: the length rule does most of the work (NIST SP 800-63B §5.1.1.2
 * asks for a check against known-compromised values, without composition rules).
 */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '0123456789',
  '0987654321',
  '9876543210',
  '1111111111',
  '0000000000',
  '1122334455',
  '1234512345',
  '123456789a',
  'a123456789',
  '1234567890a',
  '12345678910',
  '123123123123',
  '123456123456',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'qwerty123456',
  'asdfghjkl1',
  'asdfghjkl;',
  'zxcvbnm123',
  '1qaz2wsx3edc',
  'qazwsxedc123',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'p@ssw0rd123',
  'iloveyou12',
  'iloveyou123',
  'princess123',
  'football123',
  'baseball123',
  'superman123',
  'sunshine123',
  'welcome123',
  'welcome1234',
  'letmein123',
  'abcdefghij',
  'abcd123456',
  'abc1234567',
  'administrator',
  'admin12345',
  'admin123456',
  'changeme123',
  'qwertyqwerty',
  'aaaaaaaaaa',
  'computer123',
  'michael123',
  'shalom1234',
  'shalom123456',
  'israel1234',
  'israel123456',
])

export type PasswordProblem = 'too-short' | 'too-long' | 'same-as-email' | 'too-common'

/** Why a password a person chose is refused, or null when it may be used. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too-short'
  if (password.length > MAX_PASSWORD_LENGTH) return 'too-long'
  const lower = password.trim().toLowerCase()
  const address = email.trim().toLowerCase()
  const localPart = address.split('@')[0] ?? ''
  if (lower === address || lower === localPart) return 'same-as-email'
  if (COMMON_PASSWORDS.has(lower)) return 'too-common'
  return null
}
