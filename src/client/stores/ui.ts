import { create } from 'zustand';

export type SheetContent = 'cart' | 'search';

/** Which side sheet is open (only one at a time) and the mobile menu flag. */
type UiState = {
  isSheetOpen: boolean;
  sheetContent: SheetContent | null;
  activeNavMobile: boolean;
  openSheet: (content: SheetContent) => void;
  closeSheet: () => void;
  setActiveNavMobile: (isActive: boolean) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  isSheetOpen: false,
  sheetContent: null,
  activeNavMobile: false,
  openSheet: (content) => set({ isSheetOpen: true, sheetContent: content, activeNavMobile: false }),
  closeSheet: () => set({ isSheetOpen: false, sheetContent: null }),
  setActiveNavMobile: (isActive) => set({ activeNavMobile: isActive }),
}));
