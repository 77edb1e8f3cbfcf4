// One amount and its unit ("45 דקות", "1.5 שעות", "3 ימים וחצי"), or a word that is an
// amount by itself ("שעתיים", "חצי שעה", "שעה וחצי"). Alternatives are tried left to
// right at each position, so a number always claims the unit after it first.
const PART =
  /(\d+(?:[.,]\d+)?)\s*(ימים|יום|שעות|שעה|דקות|דקה|days?|hours?|minutes?|mins?)(\s*וחצי)?|(חצי\s*שעה)|(רבע\s*שעה)|(שעתיים)|(יומיים)|(שעה)(\s*וחצי)?|(יום)|(דקה)/giu

const MINUTES_IN: Record<string, number> = {
  ימים: 1440,
  יום: 1440,
  day: 1440,
  days: 1440,
  שעות: 60,
  שעה: 60,
  hour: 60,
  hours: 60,
  דקות: 1,
  דקה: 1,
  minute: 1,
  minutes: 1,
  min: 1,
  mins: 1,
}

/**
 * A recipe's free-text preparation time ("45 דקות", "3 שעות (כולל התפחה)", "שעתיים")
 * as an ISO 8601 duration (PT45M, PT3H, PT2H) for schema.org; undefined when the text
 * names no time this reads.
 */
export function prepTimeToIsoDuration(text: string): string | undefined {
  let minutes = 0
  for (const match of text.matchAll(PART)) {
    const [
      ,
      amount,
      unit,
      andHalf,
      halfHour,
      quarterHour,
      twoHours,
      twoDays,
      hour,
      hourAndHalf,
      day,
      minute,
    ] = match
    if (amount && unit) {
      const perUnit = MINUTES_IN[unit.toLowerCase()] ?? 0
      minutes += Number(amount.replace(',', '.')) * perUnit + (andHalf ? perUnit / 2 : 0)
    } else if (halfHour) minutes += 30
    else if (quarterHour) minutes += 15
    else if (twoHours) minutes += 120
    else if (twoDays) minutes += 2880
    else if (hour) minutes += hourAndHalf ? 90 : 60
    else if (day) minutes += 1440
    else if (minute) minutes += 1
  }
  return formatDuration(Math.round(minutes))
}

function formatDuration(totalMinutes: number): string | undefined {
  if (totalMinutes <= 0) return undefined
  const days = Math.floor(totalMinutes / 1440)
  const hours = Math.floor((totalMinutes % 1440) / 60)
  const minutes = totalMinutes % 60
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}`
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`
}
