// The vocabulary rules measure with: where each figure comes from (the inspector's static facts
// or the runtime audit) and how it reads. A new network reuses these; a new kind of figure is
// the one thing that needs code.
import type { Figures, MeasureId, MeasureValue } from './types.ts'

/** `calls`: the calls found in the code, judged one at a time (the cell says found / not found). */
export type MeasureUnit = 'bytes' | 'count' | 'ms' | 'percent' | 'flag' | 'text' | 'list' | 'calls'

export interface Measure {
  unit: MeasureUnit
  phase: 'static' | 'runtime'
  /** undefined: not measured (yet). */
  read(figures: Figures): MeasureValue | undefined
}

const fact = <T extends MeasureValue>(
  pick: (facts: NonNullable<Figures['facts']>) => T,
  unit: MeasureUnit,
): Measure => ({ unit, phase: 'static', read: ({ facts }) => (facts ? pick(facts) : undefined) })

const run = <T extends MeasureValue>(
  pick: (audit: NonNullable<Figures['audit']>) => T | undefined,
  unit: MeasureUnit,
): Measure => ({ unit, phase: 'runtime', read: ({ audit }) => (audit ? pick(audit) : undefined) })

/** "width=300,height=250" (the ad.size meta) as "300x250". */
export function declaredSize(adSize: string | null | undefined): string | undefined {
  const width = adSize && /width\s*=\s*(\d+)/i.exec(adSize)?.[1]
  const height = adSize && /height\s*=\s*(\d+)/i.exec(adSize)?.[1]
  return width && height ? `${width}x${height}` : undefined
}

const ORIENTATION_BY_SIZE: Record<string, string> = { '320x480': 'portrait', '480x320': 'landscape' }
function orientationOfSize(adSize: string | null): string | null {
  return ORIENTATION_BY_SIZE[declaredSize(adSize) ?? ''] ?? null
}

const fileName = (path: string | null) => (path === null ? null : (path.split('/').pop() ?? path))

export const MEASURES: Record<MeasureId, Measure> = {
  'zip.bytes': fact((f) => f.zipBytes, 'bytes'),
  'files.bytes': fact((f) => f.unpackedBytes, 'bytes'),
  'files.count': fact((f) => f.files, 'count'),
  'files.html': fact((f) => f.htmlFiles, 'count'),
  'files.rootHtml': fact((f) => f.rootHtmlFiles, 'list'),
  'files.flash': fact((f) => f.flashFiles, 'count'),
  'files.nestedZips': fact((f) => f.nestedZips.length, 'count'),
  'files.unreferenced': fact((f) => f.unreferencedFiles, 'count'),
  'entry.found': fact((f) => f.entry !== null, 'flag'),
  'entry.name': fact((f) => fileName(f.entry), 'text'),
  'entry.bytes': fact((f) => f.entryBytes, 'bytes'),
  'load.initialBytes': fact((f) => f.initialBytes, 'bytes'),
  'load.initialRequests': fact((f) => f.initialRequests, 'count'),
  // An upper bound: everything the zip holds beyond the initial load might be fetched later.
  'load.subloadBytes': fact((f) => Math.max(0, f.unpackedBytes - f.initialBytes), 'bytes'),
  'refs.external': fact((f) => f.externalReferences.length, 'count'),
  'refs.plainHttp': fact((f) => f.plainHttpReferences.length, 'count'),
  'refs.missing': fact((f) => f.missingReferences, 'count'),
  'meta.adSize': fact((f) => f.meta.adSize, 'text'),
  'meta.adOrientation': fact((f) => f.meta.adOrientation, 'text'),
  // The orientation a full-screen ad declares: ad.orientation, or a portrait / landscape phone ad.size.
  'meta.orientation': fact((f) => f.meta.adOrientation ?? orientationOfSize(f.meta.adSize), 'text'),
  'config.playableOrientation': fact((f) => f.playableOrientation, 'text'),
  'mraid.referenced': fact((f) => f.mraidReferenced, 'flag'),
  'mraid.beforeReady': fact((f) => f.mraidBeforeReady, 'flag'),
  'code.calls': fact((f) => f.calls, 'calls'),
  'clickTag.declared': fact((f) => f.clickTag.declared, 'flag'),
  'clickTag.outsideEntry': fact((f) => f.clickTag.outsideEntry, 'flag'),
  'clickTag.hardCodedClicks': fact((f) => f.clickTag.hardCodedClicks, 'count'),
  'run.requests': run((a) => a.requests, 'count'),
  'run.bytes': run((a) => a.bytes, 'bytes'),
  'run.initialRequests': run((a) => a.initialRequests, 'count'),
  'run.initialBytes': run((a) => a.initialBytes, 'bytes'),
  'run.subloadBytes': run((a) => a.subloadBytes, 'bytes'),
  'run.plainHttp': run((a) => a.plainHttpRequests, 'count'),
  'run.blocked': run((a) => a.blocked?.reduce((sum, host) => sum + host.count, 0), 'count'),
  'run.cpuMs': run((a) => a.cpuMs, 'ms'),
  'run.cpuPercent': run(
    (a) => (a.windowMs && a.cpuMs !== undefined ? Math.round((a.cpuMs / a.windowMs) * 100) : undefined),
    'percent',
  ),
  'run.longTasks': run((a) => a.longTasks, 'count'),
  'run.consoleErrors': run((a) => a.consoleErrors, 'count'),
  'run.exceptions': run((a) => a.exceptions, 'count'),
  'run.audioBeforeViewable': run((a) => a.audioBeforeViewable, 'flag'),
  'run.audioBeforeTouch': run((a) => a.audioBeforeTouch, 'flag'),
  'run.audioAfterClose': run((a) => a.audioAfterClose, 'flag'),
  'run.readyMs': run((a) => a.readyMs, 'ms'),
  'run.firstTapStore': run((a) => a.firstTapOpensStore, 'flag'),
  'run.ctaCall': run((a) => a.ctaCall, 'text'),
}
