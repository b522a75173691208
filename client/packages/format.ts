import { DATE_FORMAT } from '../../shared/constants.ts'

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

const two = (value: number) => String(value).padStart(2, '0')

/**
 * DD.MM.YYYY HH:mm in the viewer's time zone (the product spec's date format), by hand: dayjs
 * added 3 KB gzip to /main for these five fields.
 */
export function formatCreatedAt(iso: string): string {
  const date = new Date(iso)
  const fields: Record<string, string> = {
    DD: two(date.getDate()),
    MM: two(date.getMonth() + 1),
    YYYY: String(date.getFullYear()),
    HH: two(date.getHours()),
    mm: two(date.getMinutes()),
  }
  return DATE_FORMAT.replace(/YYYY|DD|MM|HH|mm/g, (token) => fields[token] ?? token)
}
