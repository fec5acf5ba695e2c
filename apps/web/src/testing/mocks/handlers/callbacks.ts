import {
  API_ROUTES,
  apiBodySchema,
  CALLBACK_TEXTS,
  callbackBookRequestSchema,
  callbackCapacitySchema,
  callbackConfirmation,
  callbackShiftDays,
  CALLBACK_REQUEST_TEXTS,
  callbackRequestSchema,
  canManageClearing,
  LOGIN_MESSAGES,
  STATUS_PAGE_MESSAGES,
  type CallbackCapacityRow,
  type CallbackSlot,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

const error = (status: number, message: string) => HttpResponse.json({ message }, { status });

/**
 * The fake's free callback slots (10:00-10:45 on Monday 17 August 2026 and 09:00 on Tuesday 18
 * August, London) and the bookings by status page hash; `takenSlots` answer 409 as a slot booked
 * meanwhile does. Tests reset them with resetCallbacks.
 */
export const callbackFake = {
  slots: [] as CallbackSlot[],
  bookings: new Map<string, CallbackSlot>(),
  takenSlots: new Set<string>(),
  /** Advisers on shift the Settings page saved. */
  capacity: [] as CallbackCapacityRow[],
  /** The service's clock (its days are the Settings page's columns): 08:00 London on Monday 17 August 2026. */
  now: new Date('2026-08-17T07:00:00Z'),
  /** Calls booked from a course page without an application, by private token (the booking null once cancelled). */
  requests: new Map<string, { NAME: string; TEL: string; EMAIL: string; UCAS_CODE: string; slot: CallbackSlot | null }>(),
};
export function resetCallbacks() {
  callbackFake.slots = [
    { START: '2026-08-17T09:00:00.000Z', END: '2026-08-17T09:15:00.000Z' },
    { START: '2026-08-17T09:15:00.000Z', END: '2026-08-17T09:30:00.000Z' },
    { START: '2026-08-17T09:30:00.000Z', END: '2026-08-17T09:45:00.000Z' },
    { START: '2026-08-18T08:00:00.000Z', END: '2026-08-18T08:15:00.000Z' },
  ];
  callbackFake.bookings.clear();
  callbackFake.takenSlots.clear();
  callbackFake.capacity = [];
  callbackFake.now = new Date('2026-08-17T07:00:00Z');
  callbackFake.requests.clear();
}
resetCallbacks();

const known = (hash: unknown) => db.applications.some((a) => a.response.hash === hash);
const answer = (hash: string) => {
  const booked = callbackFake.bookings.get(hash);
  return {
    slots: callbackFake.slots.filter((s) => s.START !== booked?.START),
    booking: booked ? { ...booked, CONFIRMATION: callbackConfirmation(new Date(booked.START), new Date(booked.END)) } : null,
  };
};

const capacityAnswer = () => ({ rows: callbackFake.capacity, days: callbackShiftDays(callbackFake.now) });
/** Slots booked by anyone (status page or course page): not free. */
const bookedStarts = () =>
  new Set([...[...callbackFake.bookings.values()].map((s) => s.START), ...[...callbackFake.requests.values()].flatMap((r) => (r.slot ? [r.slot.START] : []))]);
const free = () => callbackFake.slots.filter((s) => !bookedStarts().has(s.START));
const bookingOf = (slot: CallbackSlot | null) => (slot ? { ...slot, CONFIRMATION: callbackConfirmation(new Date(slot.START), new Date(slot.END)) } : null);
const requestPage = (token: string) => ({ slots: free(), booking: bookingOf(callbackFake.requests.get(token)?.slot ?? null) });
/** The slot starting at START if it is free (a status code and message otherwise). */
const freeSlot = (START: string): CallbackSlot | [number, string] => {
  const start = new Date(START).toISOString();
  const slot = callbackFake.slots.find((s) => s.START === start);
  if (!slot) return [400, CALLBACK_TEXTS.NOT_A_SLOT];
  if (callbackFake.takenSlots.has(start) || bookedStarts().has(start)) return [409, CALLBACK_TEXTS.SLOT_TAKEN];
  return slot;
};

/** The course page's and private link's callback endpoints, as the gateway answers them (tokens are 'token-1', 'token-2'...). */
export const callbackRequestHandlers = [
  http.get(apiUrl(API_ROUTES.callbackFreeSlots.path), () => HttpResponse.json({ slots: free(), booking: null })),
  http.post(apiUrl(API_ROUTES.callbackRequestBook.path), async ({ request }) => {
    const parsed = apiBodySchema(callbackRequestSchema).safeParse(await request.json());
    if (!parsed.success) return error(400, `${parsed.error.issues[0]?.path.slice(1).join('.')}: ${parsed.error.issues[0]?.message}`);
    const slot = freeSlot(parsed.data.data.START);
    if (Array.isArray(slot)) return error(...slot);
    const token = `token-${callbackFake.requests.size + 1}`;
    const { NAME, TEL, EMAIL, UCAS_CODE } = parsed.data.data;
    callbackFake.requests.set(token, { NAME, TEL, EMAIL, UCAS_CODE, slot });
    return HttpResponse.json({ ...bookingOf(slot), TOKEN: token }, { status: 201 });
  }),
  http.get(apiUrl(API_ROUTES.callbackRequest.path), ({ params }) =>
    callbackFake.requests.has(String(params.token)) ? HttpResponse.json(requestPage(String(params.token))) : error(404, CALLBACK_REQUEST_TEXTS.NOT_FOUND),
  ),
  http.put(apiUrl(API_ROUTES.callbackRequestMove.path), async ({ params, request }) => {
    const held = callbackFake.requests.get(String(params.token));
    if (!held) return error(404, CALLBACK_REQUEST_TEXTS.NOT_FOUND);
    const parsed = apiBodySchema(callbackBookRequestSchema).safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    const slot = freeSlot(parsed.data.data.START);
    if (Array.isArray(slot)) return error(...slot);
    held.slot = slot;
    return HttpResponse.json(bookingOf(slot));
  }),
  http.delete(apiUrl(API_ROUTES.callbackRequestCancel.path), ({ params }) => {
    const held = callbackFake.requests.get(String(params.token));
    if (!held?.slot) return error(404, CALLBACK_TEXTS.NO_BOOKING);
    held.slot = null;
    return HttpResponse.json(requestPage(String(params.token)));
  }),
];

/** The public callback endpoints by status page hash, as the gateway answers them. */
export const callbacksHandlers = [
  http.get(apiUrl(API_ROUTES.callbackSlots.path), ({ params }) => {
    if (!known(params.hash)) return error(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
    return HttpResponse.json(answer(String(params.hash)));
  }),
  http.put(apiUrl(API_ROUTES.callbackBook.path), async ({ params, request }) => {
    const parsed = apiBodySchema(callbackBookRequestSchema).safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    if (!known(params.hash)) return error(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
    const start = new Date(parsed.data.data.START).toISOString();
    const slot = callbackFake.slots.find((s) => s.START === start);
    if (!slot) return error(400, CALLBACK_TEXTS.NOT_A_SLOT);
    if (callbackFake.takenSlots.has(start)) return error(409, CALLBACK_TEXTS.SLOT_TAKEN);
    callbackFake.bookings.set(String(params.hash), slot);
    return HttpResponse.json(answer(String(params.hash)).booking);
  }),
  http.delete(apiUrl(API_ROUTES.callbackCancel.path), ({ params }) => {
    if (!callbackFake.bookings.delete(String(params.hash))) return error(404, CALLBACK_TEXTS.NO_BOOKING);
    return HttpResponse.json(answer(String(params.hash)));
  }),
  http.get(apiUrl(API_ROUTES.deskCallbackCapacity.path), () =>
    canManageClearing(db.sessionUser) ? HttpResponse.json(capacityAnswer()) : error(403, LOGIN_MESSAGES.FORBIDDEN),
  ),
  http.put(apiUrl(API_ROUTES.deskCallbackCapacityUpdate.path), async ({ request }) => {
    if (!canManageClearing(db.sessionUser)) return error(403, LOGIN_MESSAGES.FORBIDDEN);
    const parsed = apiBodySchema(callbackCapacitySchema).safeParse(await request.json());
    if (!parsed.success) return error(400, parsed.error.issues[0]?.message ?? 'Bad request');
    for (const row of parsed.data.data.rows) {
      callbackFake.capacity = [...callbackFake.capacity.filter((r) => r.DATE !== row.DATE || r.HOUR !== row.HOUR), row];
    }
    return HttpResponse.json(capacityAnswer());
  }),
];
