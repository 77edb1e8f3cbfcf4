import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/i18n'
import { AxisBottom, AxisRight } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { tableClass, tableWrapClass, tdClass, thClass } from '../../components/ui/data-table'

export type ChartDatum = { key: string; label: string; value: number; display: ReactNode }

type BarChartProps = {
  title: string
  data: readonly ChartDatum[]
  valueHeading: string
  labelHeading: string
  /** Columns for time (days), rows for categories (statuses, products). */
  layout: 'columns' | 'rows'
  height?: number
  /** How the value axis writes a value (money in shekels, not the agorot it is kept in). */
  formatValue?: (value: number) => string
}

const WIDTH = 640
const MARGIN = { top: 14, side: 96, bottom: 40 }
// The chart is drawn 640 units wide and scaled to its box: on a phone (about 330 px) a unit is
// half a pixel, so its labels are twice as large there, about 11–12 px on every screen (issue 35);
// from xl two charts share a row, each about 480 px wide.
const TICK_TEXT = 'fill-muted text-[22px] md:text-[11px] xl:text-[15px]'

/**
 * One bar chart of the dashboard, drawn with visx as SVG so it follows the theme's colours
 * (fill-primary) and reads right to left: the first datum stands at the right edge. The
 * picture is for the eye; the same figures follow as a table for screen readers and for
 * anyone who wants the numbers (issue 21).
 */
export function BarChart({
  title,
  data,
  valueHeading,
  labelHeading,
  layout,
  height = 220,
  formatValue = String,
}: BarChartProps) {
  const { t } = useTranslation()
  const max = Math.max(1, ...data.map((datum) => datum.value))
  return (
    <figure className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4">
      <figcaption className="font-bold">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" role="img" aria-label={title}>
        {layout === 'columns' ? (
          <Columns data={data} max={max} height={height} formatValue={formatValue} />
        ) : (
          <Rows data={data} max={max} height={height} />
        )}
      </svg>
      <details>
        <summary className="cursor-pointer text-sm text-muted">{t('admin.dashboard.chartAsTable')}</summary>
        <div className={tableWrapClass}>
          <table className={tableClass}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {labelHeading}
                </th>
                <th scope="col" className={thClass}>
                  {valueHeading}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((datum) => (
                <tr key={datum.key}>
                  <th scope="row" className={`${tdClass} text-start font-normal`}>
                    {datum.label}
                  </th>
                  <td className={tdClass}>{datum.display}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}

type PlotProps = { data: readonly ChartDatum[]; max: number; height: number }

function Columns({ data, max, height, formatValue }: PlotProps & { formatValue: (value: number) => string }) {
  const innerHeight = height - MARGIN.top - MARGIN.bottom
  // Right to left: the first day at the right edge, today at the left, as Hebrew charts read.
  const x = scaleBand({ domain: data.map((d) => d.key), range: [WIDTH - MARGIN.side, 0], padding: 0.2 })
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true })
  const labels = new Map(data.map((d) => [d.key, d.label]))
  return (
    <Group top={MARGIN.top}>
      {data.map((d) => (
        <Bar
          key={d.key}
          x={x(d.key)}
          y={y(d.value)}
          width={x.bandwidth()}
          height={innerHeight - y(d.value)}
          className="fill-primary"
        />
      ))}
      <AxisBottom
        top={innerHeight}
        scale={x}
        numTicks={6}
        tickFormat={(key) => labels.get(key) ?? key}
        tickValues={data.filter((_, index) => index % 5 === 0).map((d) => d.key)}
        stroke="currentColor"
        tickStroke="currentColor"
        tickLabelProps={{ className: TICK_TEXT, textAnchor: 'middle' }}
      />
      <AxisRight
        left={WIDTH - MARGIN.side}
        scale={y}
        numTicks={4}
        tickFormat={(value) => formatValue(Number(value))}
        stroke="currentColor"
        tickStroke="currentColor"
        // Left to right from the axis into the margin: in the page's right-to-left direction
        // `start` would put the amounts over the axis and the bars.
        tickLabelProps={{ className: TICK_TEXT, textAnchor: 'start', direction: 'ltr' }}
      />
    </Group>
  )
}

function Rows({ data, max, height }: PlotProps) {
  const labelWidth = 200
  const y = scaleBand({
    domain: data.map((d) => d.key),
    range: [MARGIN.top, height - MARGIN.top],
    padding: 0.25,
  })
  // Bars grow from the right edge leftwards, beside their labels.
  const width = scaleLinear({ domain: [0, max], range: [0, WIDTH - labelWidth - 16] })
  return (
    <Group>
      {data.map((d) => (
        <Group key={d.key} top={y(d.key) ?? 0}>
          <text
            x={WIDTH}
            y={y.bandwidth() / 2}
            dominantBaseline="middle"
            textAnchor="start"
            direction="rtl"
            className="fill-current text-[20px] md:text-[13px] xl:text-[17px]"
          >
            {d.label}
          </text>
          <Bar
            x={WIDTH - labelWidth - width(d.value)}
            y={0}
            width={width(d.value)}
            height={y.bandwidth()}
            className="fill-primary"
          />
        </Group>
      ))}
    </Group>
  )
}
