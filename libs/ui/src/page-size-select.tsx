import { LIMITS } from '@clearing-desk/contracts';
import { useId } from 'react';

export type PageSizeSelectProps = {
  /** Current page size; a size that is not among `options` (e.g. a server default) is listed too. */
  value: number;
  onChange: (pageSize: number) => void;
  options?: readonly number[];
  label?: string;
  id?: string;
};

/** "Results per page" select with the sizes of spec section 9 (10, 25, 50, 100, 200). */
export function PageSizeSelect({ value, onChange, options = LIMITS.PAGE_SIZE_OPTIONS, label = 'Results per page', id }: PageSizeSelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const sizes = options.includes(value) ? [...options] : [...options, value].sort((a, b) => a - b);
  return (
    <div className="cd-form-group cd-page-size">
      <label className="cd-label" htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} name="page_size" className="cd-select" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
