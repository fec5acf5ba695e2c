import { createContext, useContext, type ReactNode } from 'react';

const DialogScopeContext = createContext<unknown>(null);

export type DialogScopeProps = {
  /**
   * What an open dialog belongs to, e.g. the signed-in user: when it changes, every
   * `ConfirmDialog` opened under the previous value cancels itself.
   */
  scopeKey: unknown;
  children: ReactNode;
};

/**
 * Closes open confirm dialogs when their context ends (spec section 4: "Confirm dialogs close on
 * ... logout"), without every screen that opens one having to listen for it.
 */
export function DialogScope({ scopeKey, children }: DialogScopeProps) {
  return <DialogScopeContext.Provider value={scopeKey}>{children}</DialogScopeContext.Provider>;
}

/** The current dialog scope key (null outside any `DialogScope`). */
export const useDialogScopeKey = (): unknown => useContext(DialogScopeContext);
