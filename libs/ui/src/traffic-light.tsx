import type { TariffColour } from '@clearing-desk/contracts';
import { classNames } from './class-names';

/** Words for the G/A/R worth of spec section 3 (Green = G, Amber = A, Red = R). */
export const TRAFFIC_LIGHT_LABELS: Record<TariffColour, string> = { G: 'Green', A: 'Amber', R: 'Red' };

// A different shape per colour so the light is readable without colour vision.
const SYMBOLS: Record<TariffColour, string> = { G: '✓', A: '!', R: '✕' };

export type TrafficLightProps = { value: TariffColour; label?: string };

/** Traffic-light badge: symbol + word + colour, never colour alone. */
export function TrafficLight({ value, label = TRAFFIC_LIGHT_LABELS[value] }: TrafficLightProps) {
  return (
    <strong className={classNames('cd-traffic-light', `cd-traffic-light--${value.toLowerCase()}`)} data-value={value}>
      <span className="cd-traffic-light__symbol" aria-hidden="true">
        {SYMBOLS[value]}
      </span>
      {label}
    </strong>
  );
}
