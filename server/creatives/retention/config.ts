// How long what is deleted or replaced stays restorable (server/creatives/retention/).

import { defineConfigArea } from '../../platform/config/config-area.ts'
import { env } from '../../platform/config/env.ts'

export const retentionConfig = defineConfigArea(
  {
    DELETE_UNDO_SECONDS: env.intWithDefault(10, 1, 24 * 60 * 60),
    REPLACE_UNDO_DAYS: env.intWithDefault(7, 1, 365),
  },
  (e) => ({
    /** A deleted package can be restored (Undo) for this long, then it is removed for good. */
    deleteUndoMs: e.DELETE_UNDO_SECONDS * 1000,
    /** A replaced version's bytes are kept this long, for an admin's undo (creatives/packages/undo-replace.ts). */
    replaceUndoMs: e.REPLACE_UNDO_DAYS * 24 * 60 * 60 * 1000,
  }),
)
