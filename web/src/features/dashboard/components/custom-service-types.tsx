import { createContext, type ReactNode, useContext, useState } from "react";

/** Category id → service types the creator added; never saved (spec: session only). */
export type CustomServiceTypes = Readonly<Record<string, readonly string[]>>;

type CustomServiceTypesState = [CustomServiceTypes, (next: CustomServiceTypes) => void];

const CustomServiceTypesContext = createContext<CustomServiceTypesState | null>(null);

/**
 * Held above the tabs: Radix unmounts an inactive tab, and a type added before a visit to
 * Analytics should still be in the list when the creator comes back.
 */
export function CustomServiceTypesProvider({ children }: { children: ReactNode }) {
  const state = useState<CustomServiceTypes>({});
  return (
    <CustomServiceTypesContext.Provider value={state}>
      {children}
    </CustomServiceTypesContext.Provider>
  );
}

export function useCustomServiceTypes(): CustomServiceTypesState {
  const context = useContext(CustomServiceTypesContext);
  // Without the provider (an isolated render) fall back to local state: still session-only.
  const local = useState<CustomServiceTypes>({});
  return context ?? local;
}
