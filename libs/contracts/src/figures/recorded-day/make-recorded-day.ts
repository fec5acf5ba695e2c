/**
 * Writes recorded-day.json: the results day drawn with RECORDED_DAY_SEED (recorded-day.ts;
 * README.md beside it says where every number comes from). Running it again writes the same file.
 *
 *   npx tsx libs/contracts/src/figures/recorded-day/make-recorded-day.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { drawDay, RECORDED_DAY_SEED, RECORDED_DAY_START, type RecordedDay } from './recorded-day';

const courses = drawDay(RECORDED_DAY_SEED);
const day: RecordedDay = { dayStart: RECORDED_DAY_START, source: 'recorded-day.ts drawDay (README.md)', seed: RECORDED_DAY_SEED, courses };
const file = path.join(__dirname, 'recorded-day.json');
writeFileSync(file, `${JSON.stringify(day)}\n`);
const full = courses.filter((c) => c.offerSeconds.length === c.places).length;
console.log(`${courses.length} courses, ${full} fill during the day, ${courses.reduce((n, c) => n + c.offerSeconds.length, 0)} offers -> ${file}`);
