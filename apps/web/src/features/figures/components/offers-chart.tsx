import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { WALLBOARD_SCREEN_TEXTS as T } from '../texts';

export type OffersChartPoint = { label: string; offers: number; places: number };

/**
 * Offers against places through today for one course, drawn with recharts (loaded on its own,
 * after the board: never in /apply's first load). The chart is one image named by `description`;
 * its numbers are in the table beside it (OffersAgainstPlaces), so nobody depends on the lines.
 * Colours: offers #1d70b8, places #d4351c dashed (both above 3:1 on white; told apart by dash too).
 */
export default function OffersChart({ points, description, large }: { points: OffersChartPoint[]; description: string; large: boolean }) {
  const fontSize = large ? 20 : 14;
  return (
    <div role="img" aria-label={description} className="cd-wallboard__chart">
      <ResponsiveContainer width="100%" height={large ? 420 : 300}>
        <LineChart data={points} margin={{ top: 16, right: 24, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#b1b4b6" strokeDasharray="2 4" />
          <XAxis dataKey="label" tick={{ fontSize, fill: '#0b0c0c' }} />
          <YAxis allowDecimals={false} tick={{ fontSize, fill: '#0b0c0c' }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize }} />
          <Line type="stepAfter" dataKey="offers" name={T.OFFERS} stroke="#1d70b8" strokeWidth={3} dot={false} isAnimationActive={false} />
          <Line type="linear" dataKey="places" name={T.PLACES} stroke="#d4351c" strokeWidth={3} strokeDasharray="8 6" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
