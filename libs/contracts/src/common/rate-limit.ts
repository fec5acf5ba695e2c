/**
 * Answer of a rate-limited public route: 429 with `Retry-After` (seconds) and
 * this `{ message }`, which the web app shows as spec section 8's '{status}: {message}'.
 * @param seconds the Retry-After value (1 or more)
 */
export const tooManyRequestsMessage = (seconds: number): string =>
  `Too many requests from your connection. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
