import { chooseScript, type ScriptChoice, type ScriptSituation } from './choose-script';
import { SCRIPT_VARIANTS } from './script-texts';

const base: ScriptSituation = {
  status: 'O',
  nationality: 'GBR',
  over18: 1,
  secondYearEntry: false,
  allowSecondYearEntry: true,
  school: 'BUS',
  trafficLight: 'G',
  access: 'Back Office',
  appliedToUcas: true,
};
const plain: ScriptChoice = { outcome: 'OFFER', rejectForm: null, under18: false, secondYear: null, noUcasId: false };

// [situation, overrides, expected choice overrides]; mirrors the table in README.md.
const TABLE: [string, Partial<ScriptSituation>, Partial<ScriptChoice>][] = [
  ['offer, home (GBR)', {}, {}],
  ['offer, home (IRL)', { nationality: 'IRL' }, {}],
  // Visa need (domain.md "Call scripts"): since 2021 EU and EEA nationals need a Student visa unless
  // their permission already allows study (VISA_TYPE).
  ['offer, EU national without settled status (FRA) needs a visa', { nationality: 'FRA' }, { outcome: 'OFFER_NONEEA' }],
  ['offer, EU national with settled status (FRA)', { nationality: 'FRA', visaType: 'settled' }, {}],
  ['offer, EU national with pre-settled status (POL)', { nationality: 'POL', visaType: 'presettled' }, {}],
  ['offer, non-EEA national with indefinite leave (IND)', { nationality: 'IND', visaType: 'ilr' }, {}],
  ['offer, non-EEA national on a Student visa (IND)', { nationality: 'IND', visaType: 't4gen' }, { outcome: 'OFFER_NONEEA' }],
  ['offer, non-EEA national who does not know (NGA)', { nationality: 'NGA', visaType: 'dunno' }, { outcome: 'OFFER_NONEEA' }],
  ['offer, non-EEA (IND)', { nationality: 'IND' }, { outcome: 'OFFER_NONEEA' }],
  ['offer, Switzerland is not EEA', { nationality: 'CHE' }, { outcome: 'OFFER_NONEEA' }],
  ['offer, nationality missing', { nationality: '' }, { outcome: 'OFFER_NONEEA' }],
  ['invite, EEA national needs a visa (NOR)', { status: 'I', nationality: 'NOR' }, { outcome: 'INVITE_NONEEA' }],
  ['invite, refugee status (SYR)', { status: 'I', nationality: 'SYR', visaType: 'ref' }, { outcome: 'INVITE' }],
  ['invite, non-EEA', { status: 'I', nationality: 'USA' }, { outcome: 'INVITE_NONEEA' }],
  ['offer, under 18', { over18: 0 }, { outcome: 'OFFER_CALLBACK', under18: true }],
  ['offer, second-year entry allowed', { secondYearEntry: true }, { outcome: 'OFFER_CALLBACK', secondYear: 'TRANSFER' }],
  ['offer, adviser without set-status permission', { access: 'Front Office' }, { outcome: 'OFFER_CALLBACK' }],
  ['invite, adviser without set-status permission', { status: 'I', access: 'Editor', nationality: 'USA' }, { outcome: 'OFFER_CALLBACK' }],
  ['submitted, green', { status: 'S', access: 'Front Office' }, { outcome: 'OFFER_CALLBACK' }],
  ['submitted, amber', { status: 'S', trafficLight: 'A' }, { outcome: 'REFER' }],
  ['submitted, no assessment, SHS', { status: 'S', trafficLight: null, school: 'SHS' }, { outcome: 'REFER_SHS' }],
  ['referred', { status: 'R' }, { outcome: 'REFER' }],
  ['referred, Sciences (SCI) uses the general referral', { status: 'R', school: 'SCI' }, { outcome: 'REFER' }],
  ['referred, Health Sciences (SHS)', { status: 'R', school: 'SHS' }, { outcome: 'REFER_SHS' }],
  // Under 18, one story: whatever the status, a colleague decides (the under-18 note's referral).
  ['referred, under 18', { status: 'R', over18: 0 }, { outcome: 'OFFER_CALLBACK', under18: true }],
  ['rejected, under 18: no rejection, no department transfers', { status: 'X', over18: 0, nationality: 'USA' }, { outcome: 'OFFER_CALLBACK', under18: true }],
  ['pooled, under 18', { status: 'P', over18: 0 }, { outcome: 'OFFER_CALLBACK', under18: true }],
  ['pooled', { status: 'P', trafficLight: 'A' }, { outcome: 'POOL' }],
  ['rejected, home', { status: 'X', trafficLight: 'R' }, { outcome: 'REJECT', rejectForm: 'EEA' }],
  ['rejected, EU national with settled status (DEU)', { status: 'X', nationality: 'DEU', visaType: 'settled' }, { outcome: 'REJECT', rejectForm: 'EEA' }],
  ['rejected, EU national without a permission (DEU)', { status: 'X', nationality: 'DEU' }, { outcome: 'REJECT', rejectForm: 'GENERAL' }],
  ['rejected, non-EEA (NGA)', { status: 'X', nationality: 'NGA' }, { outcome: 'REJECT', rejectForm: 'GENERAL' }],
  ['duplicate', { status: 'D' }, { outcome: 'DELETED' }],
  ['withdrawn: its own text, the record is kept', { status: 'W' }, { outcome: 'WITHDRAWN' }],
  ['V status', { status: 'V' }, { outcome: null }],
  ['no status chosen yet', { status: null }, { outcome: null }],
  ['no UCAS ID: not applied through UCAS', { appliedToUcas: false }, { noUcasId: true }],
  ['UCAS question not answered yet: no note', { appliedToUcas: null }, {}],
  // domain.md "Second-year callers": the form cannot say Year 2 on such a course, so the note is always there.
  ['course without second-year entry, first year chosen', { status: 'R', allowSecondYearEntry: false }, { outcome: 'REFER', secondYear: 'END_CALL' }],
  ['course without second-year entry, no status yet', { status: null, allowSecondYearEntry: false }, { outcome: null, secondYear: 'END_CALL' }],
  [
    'Sciences course without second-year entry',
    { status: 'R', school: 'SCI', secondYearEntry: false, allowSecondYearEntry: false },
    { outcome: 'REFER', secondYear: 'SUPERVISOR' },
  ],
  ['second year, Sciences course allows it', { status: 'R', school: 'SCI', secondYearEntry: true }, { outcome: 'REFER', secondYear: 'TRANSFER' }],
  ['course allows second year, first year chosen: no note', { status: 'R', secondYearEntry: false }, { outcome: 'REFER' }],
  [
    'under 18 and second year: the wish goes into the referral',
    { status: 'R', over18: 0, secondYearEntry: true },
    { outcome: 'OFFER_CALLBACK', under18: true, secondYear: 'REFERRAL' },
  ],
];

describe('chooseScript', () => {
  it.each(TABLE)('%s', (_name, overrides, expected) => {
    expect(chooseScript({ ...base, ...overrides })).toEqual({ ...plain, ...expected });
  });

  it('gives the public (no access) no script at all', () => {
    expect(chooseScript({ ...base, access: null, over18: 0, secondYearEntry: true, appliedToUcas: false })).toEqual({
      outcome: null,
      rejectForm: null,
      under18: false,
      secondYear: null,
      noUcasId: false,
    });
  });

  it('covers every outcome variant in the table', () => {
    const covered = new Set(TABLE.map(([, o]) => chooseScript({ ...base, ...o }).outcome));
    expect(SCRIPT_VARIANTS.filter((v) => !covered.has(v))).toEqual([]);
  });
});
