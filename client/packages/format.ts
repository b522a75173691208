import dayjs from 'dayjs'
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

/** DD.MM.YYYY HH:mm in the viewer's time zone (the product spec's date format). */
export function formatCreatedAt(iso: string): string {
  return dayjs(iso).format(DATE_FORMAT)
}
