import { createContext, useContext } from 'react'
import type { IdentitySettings } from './auth-settings'

export const IdentitySettingsContext = createContext<IdentitySettings | null>(null)

export function useIdentitySettings(): IdentitySettings {
  const settings = useContext(IdentitySettingsContext)
  if (!settings) throw new Error('useIdentitySettings must be used inside <AuthProvider>')
  return settings
}
