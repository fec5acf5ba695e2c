import {
  APPLICATION_LISTING_FILTERS,
  APPLICATION_SEARCH_PLACEHOLDER,
  COUNTRY_OPTIONS,
  FIND_APPLICATION_TEXTS,
  type ApplicationListingFilter,
  LIMITS,
} from '@clearing-desk/contracts';
import { Button } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { DESK_TEXTS } from '../texts';

type ApplicationSearchFormProps = {
  initialQuery: string;
  initialFilter: ApplicationListingFilter;
  /** The alpha-3 code chosen ('' for any). */
  initialNationality: string;
  /** Whether the nationality filter shows (canFilterByNationality: users who see visa records). */
  showNationality: boolean;
  onSearch: (search: { q: string; s: ApplicationListingFilter; nationality: string }) => void;
};

/**
 * The listing's search (spec section 2): the status filter with its seven options, for users who
 * see visa records a nationality filter (country names, the form's list), the text box
 * 'Search for a reference, name or UCAS ID' and the Search button. A real GET form (q, s, nationality).
 */
export function ApplicationSearchForm({ initialQuery, initialFilter, initialNationality, showNationality, onSearch }: ApplicationSearchFormProps) {
  const [q, setQ] = useState(initialQuery);
  const [s, setS] = useState<ApplicationListingFilter>(initialFilter);
  const [nationality, setNationality] = useState(initialNationality);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch({ q: q.trim(), s, nationality: showNationality ? nationality : '' });
  };
  return (
    <form role="search" className="cd-search-form cd-application-search" method="get" onSubmit={onSubmit}>
      <div className="cd-form-group">
        <label className="cd-label" htmlFor="application-filter">
          {DESK_TEXTS.FILTER_LABEL}
        </label>
        <select id="application-filter" name="s" className="cd-select" value={s} onChange={(event) => setS(event.target.value as ApplicationListingFilter)}>
          {APPLICATION_LISTING_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {showNationality && (
        <div className="cd-form-group">
          <label className="cd-label" htmlFor="application-nationality">
            {DESK_TEXTS.NATIONALITY_LABEL}
          </label>
          <select
            id="application-nationality"
            name="nationality"
            className="cd-select"
            value={nationality}
            onChange={(event) => setNationality(event.target.value)}
          >
            <option value="">{DESK_TEXTS.ANY_NATIONALITY}</option>
            {COUNTRY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="cd-form-group">
        <label className="cd-label" htmlFor="application-q">
          {DESK_TEXTS.SEARCH_LABEL}
        </label>
        <div className="cd-search-form__row">
          <input
            className="cd-input"
            id="application-q"
            name="q"
            type="search"
            value={q}
            placeholder={APPLICATION_SEARCH_PLACEHOLDER}
            onChange={(event) => setQ(event.target.value)}
            maxLength={LIMITS.TEXT_MAX}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" className="cd-search-form__button">
            {FIND_APPLICATION_TEXTS.SEARCH_BUTTON}
          </Button>
        </div>
      </div>
    </form>
  );
}
