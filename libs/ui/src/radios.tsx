import { useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from './class-names';
import { describedBy } from './described-by';
import { ErrorMessage } from './error-message';
import { FormGroup } from './form-group';

export type RadioOption = { value: string; label: string };

export type RadiosProps = {
  /** id of the first radio (error summaries link to it); the others are `${id}-${value}`. */
  id: string;
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: string | null;
  /** Side by side (for two short answers such as Yes / No). */
  inline?: boolean;
  /** Side by side and close together, for a row of very short answers (grades: A*, A, B...). */
  compact?: boolean;
  /** Shown under the radios, inside the question (e.g. a follow-up field). */
  children?: ReactNode;
  /**
   * Typing an answer's label chooses it (a row of grades: 'A' gives A, then '*' gives A*), as
   * arrow keys do: the answer is checked and focused. Space and the arrow keys keep their own use.
   */
  selectByTyping?: boolean;
};

/**
 * The answer that typed text picks: the label equal to it (case aside), else the first that starts
 * with it; null when none does.
 */
export function optionByTyping(options: readonly RadioOption[], typed: string): RadioOption | null {
  const text = typed.toLowerCase();
  return options.find((o) => o.label.toLowerCase() === text) ?? options.find((o) => o.label.toLowerCase().startsWith(text)) ?? null;
}

/** A question answered by one of a few radios: a fieldset with a legend (GOV.UK pattern). */
export function Radios({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  inline = false,
  compact = false,
  children,
  selectByTyping = false,
}: RadiosProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const optionId = (index: number) => (index === 0 ? id : `${id}-${options[index]!.value}`);
  // What has been typed so far: it grows while it still starts a label ('A', then 'A*'), else starts again with the key.
  const typed = useRef('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!selectByTyping || event.key.length !== 1 || event.key === ' ' || event.ctrlKey || event.metaKey || event.altKey) return;
    const longer = typed.current + event.key;
    typed.current = optionByTyping(options, longer) ? longer : event.key;
    const option = optionByTyping(options, typed.current);
    if (!option) return;
    event.preventDefault();
    if (option.value !== value) onChange(option.value);
    document.getElementById(optionId(options.indexOf(option)))?.focus();
  };
  const errorId = error ? `${id}-error` : undefined;
  return (
    <FormGroup error={!!error}>
      <fieldset className="cd-fieldset" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="cd-fieldset__legend">{legend}</legend>
        {hint && (
          <div id={hintId} className="cd-hint">
            {hint}
          </div>
        )}
        {error && <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage>}
        <div className={classNames('cd-radios', (inline || compact) && 'cd-radios--inline', compact && 'cd-radios--compact')}>
          {options.map((option, index) => {
            return (
              <div key={option.value} className="cd-radios__item">
                <input
                  className="cd-radios__input"
                  id={optionId(index)}
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => onChange(option.value)}
                  onBlur={onBlur}
                  onKeyDown={selectByTyping ? onKeyDown : undefined}
                />
                <label className="cd-label cd-radios__label" htmlFor={optionId(index)}>
                  {option.label}
                </label>
              </div>
            );
          })}
        </div>
        {children && <div className="cd-radios__conditional">{children}</div>}
      </fieldset>
    </FormGroup>
  );
}
