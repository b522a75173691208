// The stored thumbnail: the list's cell (THUMBNAIL_SIZE) at twice its pixels, so it stays
// sharp on high-density screens. Every server-side thumbnail (rendered or placeholder) has it.
import { THUMBNAIL_SIZE } from '../../../shared/constants.ts'

export const THUMBNAIL_PIXELS = {
  width: THUMBNAIL_SIZE.width * 2,
  height: THUMBNAIL_SIZE.height * 2,
} as const
