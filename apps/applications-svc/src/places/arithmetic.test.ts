import { offersAllowed, offersAllowedInHundredths, placesLeft } from '@clearing-desk/contracts';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { coursePlaces } from '../db/schema';
import { ledgerPlacesLeftSql, offersAllowedSql, placesLeftSql, rowPlacesLeft } from './arithmetic';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_places_arithmetic');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** [places, allowance in hundredths, offers]: the edges of the checks (0, 999, 99999), allowances that do not divide evenly, offers past the allowance. */
const CASES: [number, number, number][] = [
  [0, 100, 0],
  [0, 999, 0],
  [1, 100, 0],
  [1, 100, 1],
  [1, 100, 2],
  [3, 130, 1],
  [4, 130, 5],
  [7, 129, 0],
  [10, 133, 13],
  [10, 133, 14],
  [22, 130, 28],
  [5, 0, 0],
  [5, 1, 0],
  [99, 101, 3],
  [99_999, 999, 0],
  [99_999, 999, 998_990],
  [99_999, 100, 100_000],
  [33, 29, 9],
  [57, 57, 32],
];

describe('the places arithmetic: contracts rule (TypeScript) and its SQL agree', () => {
  it.each(CASES)('places %i, allowance %i hundredths, offers %i', async (places, hundredths, offers) => {
    const p = sql`${places}::int`;
    const h = sql`${hundredths}::int`;
    const o = sql`${offers}::int`;
    const result = (await app.db.execute(sql`select ${offersAllowedSql(p, h)} as allowed, ${placesLeftSql(p, h, o)} as "left"`)) as unknown as {
      rows: { allowed: number; left: number }[];
    };
    const row = result.rows[0];
    expect(Number(row?.allowed)).toBe(offersAllowedInHundredths(places, hundredths));
    expect(Number(row?.left)).toBe(placesLeft({ CLEARING_PLACES: places, OFFER_ALLOWANCE: hundredths / 100, OFFERS: offers }));
    // The allowance as course control sends it (1.30) gives the same as in hundredths.
    expect(offersAllowed(places, hundredths / 100)).toBe(offersAllowedInHundredths(places, hundredths));
  });

  it('reads the same places left from stored ledger rows in SQL and in TypeScript', async () => {
    const rows = CASES.map(([clearingPlaces, offerAllowanceHundredths, offers], i) => ({
      ucasCode: `AR${i}`,
      clearingPlaces,
      offerAllowanceHundredths,
      offers,
    }));
    await app.db.insert(coursePlaces).values(rows);
    const stored = await app.db
      .select({
        ucasCode: coursePlaces.ucasCode,
        left: ledgerPlacesLeftSql(),
        clearingPlaces: coursePlaces.clearingPlaces,
        offerAllowanceHundredths: coursePlaces.offerAllowanceHundredths,
        offers: coursePlaces.offers,
      })
      .from(coursePlaces);
    expect(stored.map((r) => [r.ucasCode, Number(r.left)])).toEqual(stored.map((r) => [r.ucasCode, rowPlacesLeft(r)]));
    expect(stored).toHaveLength(CASES.length);
  });
});
