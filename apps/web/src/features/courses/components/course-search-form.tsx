import { LIMITS } from '@clearing-desk/contracts';
import { Button } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { COURSE_TEXTS } from '../texts';

type CourseSearchFormProps = {
  initialQuery: string;
  onSearch: (q: string) => void;
};

/**
 * Keyword search box. It is a real GET form (name="q"), so it also works before scripts load.
 * It stays mounted across searches so focus stays on the box or button the person used;
 * a new q from outside (the back button) replaces what is typed. On the pre-rendered
 * /apply the app hydrates the box someone may already be typing into: it keeps their text.
 */
export function CourseSearchForm({ initialQuery, onSearch }: CourseSearchFormProps) {
  const [q, setQ] = useState(initialQuery);
  const [shownQuery, setShownQuery] = useState(initialQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  // Hydration leaves the box's text as it is (React keeps a hydrated input's value): text typed
  // before the app took over becomes the form's value, so a search sends it.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== initialQuery) setQ(typed);
    // Once, at mount: later the box is controlled by `q`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (initialQuery !== shownQuery) {
    // Adjusting state to a changed prop during render (react.dev "You might not need an effect").
    setShownQuery(initialQuery);
    setQ(initialQuery);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The box's own text: a search held from before the app took over is sent in the commit that
    // hydrated the box, before `q` has caught up with what was typed (the effect above).
    const typed = inputRef.current?.value ?? q;
    if (typed !== q) setQ(typed);
    onSearch(typed.trim());
  };
  return (
    <form role="search" className="cd-search-form" method="get" onSubmit={onSubmit}>
      <div className="cd-form-group">
        <label className="cd-label cd-label--m" htmlFor="q">
          {COURSE_TEXTS.SEARCH_LABEL}
        </label>
        <div className="cd-hint" id="q-hint">
          {COURSE_TEXTS.SEARCH_HINT}
        </div>
        <div className="cd-search-form__row">
          <input
            ref={inputRef}
            className="cd-input"
            id="q"
            name="q"
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
            maxLength={LIMITS.TEXT_MAX}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="q-hint"
          />
          <Button type="submit" className="cd-search-form__button">
            {COURSE_TEXTS.SEARCH_BUTTON}
          </Button>
        </div>
      </div>
    </form>
  );
}
