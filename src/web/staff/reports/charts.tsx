import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars } from '../../../shared/domain/money';

/**
 * The report charts (recharts, decision 210). They draw numbers that the report object already
 * holds; nothing is summed here.
 */

const COLOURS = ['#1f2328', '#d99a00', '#b42318', '#2f6f4f', '#5b4bb7', '#0b6e99', '#8a5a00', '#6b7280', '#9d174d', '#166534', '#374151'];
const axisDollars = (v: number) => (Math.abs(v) >= 1000 ? `$${Math.round(v / 1000)}k` : `$${v}`);
const tipDollars = (v: unknown) => formatDollars(Math.round(Number(v) * 100));
const shortMonth = (month: string) => {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(2, 4)}`;
};

export type Series = { key: string; label: string };

/** Bars per month (revenue against costs, GST collected against paid, sales in the turnover watch). */
export function MonthlyBars({ data, series }: { data: ({ month: string } & Record<string, number | string>)[]; series: Series[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tickFormatter={shortMonth} fontSize={12} />
        <YAxis tickFormatter={axisDollars} fontSize={12} width={48} />
        <Tooltip formatter={tipDollars} labelFormatter={(l) => shortMonth(String(l))} />
        <Legend />
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLOURS[i % COLOURS.length]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One bar per category, largest first (expenses by category, payables by category, receivables by age). */
export function CategoryBars({ data, valueLabel }: { data: { label: string; value: number }[]; valueLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={axisDollars} fontSize={12} />
        <YAxis type="category" dataKey="label" width={110} fontSize={12} />
        <Tooltip formatter={tipDollars} />
        <Bar dataKey="value" name={valueLabel} fill={COLOURS[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
