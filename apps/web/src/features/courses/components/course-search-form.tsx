import { LIMITS } from '@clearing-desk/contracts';
import { Button } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { COURSE_TEXTS } from '../texts';

type CourseSearchFormProps = {
  initialQuery: string;
  onSearch: (q: string) => void;
};

/**
 * Keyword search box. It is a real GET form (name="q"), so it also works before scripts load.
 * It stays mounted across searches so focus stays on the box or button the person used (issue 12
 * item 3); a new q from outside (the back button) replaces what is typed.
 */
export function CourseSearchForm({ initialQuery, onSearch }: CourseSearchFormProps) {
  const [q, setQ] = useState(initialQuery);
  const [shownQuery, setShownQuery] = useState(initialQuery);
  if (initialQuery !== shownQuery) {
    // Adjusting state to a changed prop during render (react.dev "You might not need an effect").
    setShownQuery(initialQuery);
    setQ(initialQuery);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(q.trim());
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
