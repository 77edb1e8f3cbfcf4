import { create } from 'zustand'

/** Whether the cart drawer is open; not persisted — a reload starts closed. */
type CartUiState = {
  isOpen: boolean
  open: () => void
  close: () => void
}

export const useCartUiStore = create<CartUiState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}))
