import { compareTimeToFull, fillState, forecastTimeToFull, timeToFullText, windowRate } from './time-to-full';

const MINUTE = 60_000;
const NOW = Date.parse('2026-08-13T10:00:00Z');
/** Offers every `everyMinutes`, the newest `offsetMinutes` before now, back `forMinutes`. */
const steady = (everyMinutes: number, forMinutes = 60, offsetMinutes = 0): number[] => {
  const times: number[] = [];
  for (let ago = offsetMinutes; ago < forMinutes + offsetMinutes; ago += everyMinutes) times.push(NOW - ago * MINUTE);
  return times;
};

describe('forecastTimeToFull', () => {
  it.each([0.5, 1, 3, 5.5])('a steady 10 offers an hour against 20 places left forecasts 2 h within 5 min (newest offer %s min ago)', (offset) => {
    const forecast = forecastTimeToFull({ placesLeft: 20, offerTimes: steady(6, 60, offset), now: NOW });
    expect(forecast.minutesToFull).not.toBeNull();
    expect(Math.abs((forecast.minutesToFull ?? 0) - 120)).toBeLessThanOrEqual(5);
    expect(forecast.ratePerHour).toBeCloseTo(10, 0);
  });

  it('an accelerating pace (every 12 min, then every 3 min for the last quarter hour) forecasts sooner than the hour alone says', () => {
    const offerTimes = [...steady(3, 15, 1), ...steady(12, 45, 16)];
    const forecast = forecastTimeToFull({ placesLeft: 20, offerTimes, now: NOW });
    expect(forecast.ratePerHour15).toBeGreaterThan(forecast.ratePerHour60);
    expect(forecast.minutesToFull).toBeLessThan(20 / (forecast.ratePerHour60 / 60));
    expect(forecast.minutesToFull).toBeGreaterThan(20 / (forecast.ratePerHour15 / 60));
  });

  it('offers that stopped half an hour ago slow the forecast; none for an hour is no forecast', () => {
    const steadyForecast = forecastTimeToFull({ placesLeft: 20, offerTimes: steady(6), now: NOW });
    const stopped = forecastTimeToFull({ placesLeft: 20, offerTimes: steady(6, 30, 30), now: NOW });
    expect(stopped.ratePerHour15).toBe(0);
    expect(stopped.minutesToFull).toBeGreaterThan(2 * (steadyForecast.minutesToFull ?? 0));
    expect(forecastTimeToFull({ placesLeft: 20, offerTimes: [NOW - 61 * MINUTE], now: NOW }).minutesToFull).toBeNull();
  });

  it('no place left is full (0 min) whatever the pace', () => {
    expect(forecastTimeToFull({ placesLeft: 0, offerTimes: steady(6), now: NOW }).minutesToFull).toBe(0);
    expect(forecastTimeToFull({ placesLeft: -2, offerTimes: [], now: NOW }).minutesToFull).toBe(0);
  });
});

describe('windowRate', () => {
  it('counts a lone offer as one a window and offers at the same instant by the time since them', () => {
    expect(windowRate([NOW - MINUTE], NOW, 15)).toBeCloseTo(1 / 15);
    expect(windowRate([NOW - 2 * MINUTE, NOW - 2 * MINUTE], NOW, 15)).toBeCloseTo(1);
    expect(windowRate([NOW + MINUTE], NOW, 15)).toBe(0);
  });
});

describe('fillState and timeToFullText', () => {
  it('names the state against the alert threshold and words the forecast', () => {
    expect(fillState({ minutesToFull: 0 }, 30)).toBe('full');
    expect(fillState({ minutesToFull: 29.9 }, 30)).toBe('filling-fast');
    expect(fillState({ minutesToFull: 30 }, 30)).toBe('filling');
    expect(fillState({ minutesToFull: null }, 30)).toBe('not-filling');
    expect([null, 0, 0.2, 42, 60, 125.4].map(timeToFullText)).toEqual(['Not filling', 'Full', '1 min', '42 min', '1 h', '2 h 5 min']);
  });
});

describe('compareTimeToFull', () => {
  it('puts full courses first and courses not filling last', () => {
    expect([null, 45, 0, 12, null].sort(compareTimeToFull)).toEqual([0, 12, 45, null, null]);
  });
});
