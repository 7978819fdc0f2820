import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '../../../shared/domain/money';

/**
 * The report charts (recharts, decision 210). They draw numbers that the report object already
 * holds; nothing is summed here.
 */

const COLOURS = [
  '#1f2328',
  '#d99a00',
  '#b42318',
  '#2f6f4f',
  '#5b4bb7',
  '#0b6e99',
  '#8a5a00',
  '#6b7280',
  '#9d174d',
  '#166534',
  '#374151',
];
const axisDollars = (v: number) => (Math.abs(v) >= 1000 ? `$${Math.round(v / 1000)}k` : `$${v}`);
const tipDollars = (v: unknown) => formatDollars(Math.round(Number(v) * 100));
const shortMonth = (month: string) => {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(2, 4)}`;
};

export type Series = { key: string; label: string };

/** Bars per month (revenue against costs, GST collected against paid, sales in the turnover watch). */
export function MonthlyBars({
  data,
  series,
}: {
  data: ({ month: string } & Record<string, number | string>)[];
  series: Series[];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tickFormatter={shortMonth} fontSize={12} />
        <YAxis tickFormatter={axisDollars} fontSize={12} width={48} />
        <Tooltip formatter={tipDollars} labelFormatter={(l) => shortMonth(String(l))} />
        <Legend />
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={COLOURS[i % COLOURS.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Words of a category name in lines of at most `max` characters (a longer word keeps its own line). */
function labelLines(label: string, max = 15): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A category name beside its bar, wrapped onto lines that keep the space between them, so the
 * chart's text reads "Cost of Goods Sold" (recharts' own wrapping drops it: "Cost of GoodsSold").
 */
function CategoryTick({
  x: rawX,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  const x = Number(rawX ?? 0);
  const lines = labelLines(String(payload?.value ?? ''));
  return (
    <text x={x} y={y} textAnchor="end" fontSize={12} fill="#374151">
      {lines.map((line, i) => (
        <tspan key={i} x={x - 4} dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.6}em` : '1.2em'}>
          {i === 0 ? line : ` ${line}`}
        </tspan>
      ))}
    </text>
  );
}

/** One bar per category, largest first (expenses by category, payables by category, receivables by age). */
export function CategoryBars({ data, valueLabel }: { data: { label: string; value: number }[]; valueLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={axisDollars} fontSize={12} />
        <YAxis type="category" dataKey="label" width={110} fontSize={12} tick={CategoryTick} />
        <Tooltip formatter={tipDollars} />
        <Bar dataKey="value" name={valueLabel} fill={COLOURS[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
