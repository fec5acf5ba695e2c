import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, buttonClassName, type ButtonVariant } from './button';
import { useDialogScopeKey } from './dialog-scope';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to submit your application?' */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  /** Cancel button, Escape key. */
  onCancel: () => void;
  /** Where focus goes on close when the element that opened the dialog is gone (e.g. a removed row). */
  fallbackFocus?: () => HTMLElement | null;
  /** 'alertdialog' for a dialog that interrupts on its own (a warning nobody asked for), else 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** What Escape does; onCancel when left out (a warning may make Escape its safe action instead). */
  onEscape?: () => void;
  /**
   * The id of a form in the body that the primary action submits (a dialog asking for fields, such
   * as a sign-in): the button is that form's submit button, so Enter in a field submits too, and
   * the form's onSubmit acts instead of onConfirm.
   */
  confirmForm?: string;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal confirmation dialog (WAI-ARIA dialog pattern): role="dialog" with aria-modal, the title
 * as its name and the text as its description. On opening focus goes to its primary action, so
 * Enter confirms (or to the first field of its body, when it asks for something); Tab and Shift+Tab stay
 * inside; Escape cancels; on closing focus returns to the element that opened it. A dialog open
 * when its `DialogScope` key changes (e.g. sign-out) disappears and cancels.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  onConfirm,
  onCancel,
  fallbackFocus,
  role = 'dialog',
  onEscape,
  confirmForm,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const fallbackRef = useRef(fallbackFocus);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
    onCancelRef.current = onCancel;
  });

  // The scope the dialog was opened in (kept while it is open); another scope dismisses it.
  const scopeKey = useDialogScopeKey();
  const [openedIn, setOpenedIn] = useState<{ scopeKey: unknown } | null>(open ? { scopeKey } : null);
  if (open && openedIn === null) setOpenedIn({ scopeKey });
  if (!open && openedIn !== null) setOpenedIn(null);
  const dismissed = open && openedIn !== null && !Object.is(openedIn.scopeKey, scopeKey);
  const visible = open && !dismissed;

  useEffect(() => {
    if (dismissed) onCancelRef.current();
  }, [dismissed]);

  // A layout effect: focus is in the dialog before the next key press is handled (plain effects
  // may run only after the next paint).
  useLayoutEffect(() => {
    if (!visible) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = bodyRef.current?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (field ?? confirmRef.current ?? dialogRef.current)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      const target = opener?.isConnected ? opener : fallbackRef.current?.();
      target?.focus();
    };
  }, [visible]);

  if (!visible) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      (onEscape ?? onCancel)();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="cd-dialog__backdrop">
      <div
        className="cd-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        ref={dialogRef}
        onKeyDown={onKeyDown}
      >
        <h2 className="cd-heading-m cd-dialog__title" id={titleId}>
          {title}
        </h2>
        {children && (
          <div className="cd-dialog__body" id={bodyId} ref={bodyRef}>
            {children}
          </div>
        )}
        <div className="cd-button-group cd-dialog__buttons">
          <button
            type={confirmForm ? 'submit' : 'button'}
            form={confirmForm}
            className={buttonClassName(confirmVariant)}
            onClick={confirmForm ? undefined : onConfirm}
            ref={confirmRef}
          >
            {confirmLabel}
          </button>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
