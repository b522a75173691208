// The rules engine: figures (static facts, runtime audit) x profiles -> a matrix of cells, one
// per rule, each with the measured figure, the limit and its source; a verdict per target; the
// list badge over the chosen targets. Pure: the browser's worker, the server and `check` run it.
import { evidenceLines, KIND_LABELS, kindFamily } from '../inspector/creative-kind.ts'
import { formatLimit, formatValue } from './format.ts'
import { declaredSize, MEASURES } from './measures.ts'
import type {
  AuditState,
  CellStatus,
  Figures,
  MatrixCell,
  MeasureValue,
  TargetMatrix,
  TargetProfile,
  TargetRule,
  TargetSummary,
  VerdictBadge,
} from './types.ts'

const STATUS_ORDER: Record<CellStatus, number> = { fail: 0, warn: 1, unknown: 2, pending: 3, pass: 4 }
/** Sizes whose figures include base64-inlined assets, which the cell says. */
const SHIPPED_SIZES = new Set(['zip.bytes', 'files.bytes', 'entry.bytes', 'load.initialBytes'])

function isPresent(value: MeasureValue): boolean {
  return value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
}

interface Judgement {
  ok: boolean | undefined
  limit: string
  reason?: string
}

function judgeValue(rule: TargetRule, value: MeasureValue, figures: Figures): Judgement {
  const { check } = rule
  const unit = MEASURES[rule.measure].unit
  if ('maxBySize' in check) {
    const size = declaredSize(figures.facts?.meta.adSize)
    const budget = size === undefined ? undefined : check.maxBySize[size]
    if (budget === undefined) {
      const reason =
        size === undefined
          ? 'No ad.size meta tag: the budget depends on the ad size.'
          : `The guideline sets no budget for ${size}.`
      return { ok: undefined, limit: formatLimit(check, unit), reason }
    }
    return { ok: typeof value === 'number' && value <= budget, limit: formatLimit(check, unit, budget) }
  }
  const limit = formatLimit(check, unit)
  if ('max' in check) {
    const ok = typeof value === 'number' && (check.exclusive ? value < check.max : value <= check.max)
    return { ok, limit }
  }
  if ('equals' in check) {
    if (value === null && MEASURES[rule.measure].phase === 'runtime') {
      return { ok: undefined, limit, reason: 'Not seen while the audit tapped the ad at its centre.' }
    }
    return { ok: value === check.equals, limit }
  }
  if ('present' in check) return { ok: isPresent(value), limit }
  const list = Array.isArray(value) ? value : []
  return { ok: 'includes' in check ? list.includes(check.includes) : !list.includes(check.excludes), limit }
}

function applies(rule: TargetRule, figures: Figures): boolean {
  if (!rule.when || !figures.facts) return true
  const singleFile = figures.facts.files === 1 && figures.facts.htmlFiles === 1
  return rule.when === 'single-file' ? singleFile : !singleFile
}

export function evaluateRule(profile: TargetProfile, rule: TargetRule, figures: Figures): MatrixCell {
  const measure = MEASURES[rule.measure]
  let value = measure.read(figures)
  let estimate = false
  if (value === undefined && rule.estimate) {
    value = MEASURES[rule.estimate].read(figures)
    estimate = value !== undefined
  }
  const base = {
    target: profile.id,
    rule: rule.id,
    label: rule.label,
    severity: rule.severity,
    estimate,
    phase: measure.phase,
    source: rule.source,
    ...(rule.advice ? { advice: rule.advice } : {}),
  }
  if (value === undefined) {
    const limit = formatLimit(rule.check, measure.unit)
    if (measure.phase === 'runtime' && !figures.auditEnded)
      return { ...base, status: 'pending', figure: '', limit }
    const reason =
      measure.phase === 'runtime'
        ? 'The runtime audit could not measure this (see the audit state).'
        : 'Not in the stored inspection.'
    return { ...base, status: 'unknown', figure: '', limit, reason }
  }
  const unit = estimate && rule.estimate ? MEASURES[rule.estimate].unit : measure.unit
  let figure = formatValue(value, unit)
  const { ok, limit, reason } = judgeValue(rule, value, figures)
  // A yes/no rule answers its label ("MRAID calls wait for 'ready': no"), whichever way the
  // measure is phrased, so figure and limit read the same way round.
  const answersLabel = typeof value === 'boolean' && 'equals' in rule.check && ok !== undefined
  if (answersLabel) figure = ok ? 'yes' : 'no'
  if (unit === 'calls' && Array.isArray(value) && ('includes' in rule.check || 'excludes' in rule.check)) {
    const call = 'includes' in rule.check ? rule.check.includes : rule.check.excludes
    figure = value.includes(call) ? 'found' : 'not found'
  }
  const inlined = figures.facts?.inlinedBytes ?? 0
  if (SHIPPED_SIZES.has(estimate && rule.estimate ? rule.estimate : rule.measure) && inlined > 0) {
    figure += ` (${formatValue(inlined, 'bytes')} of it base64-inlined)`
  }
  const status: CellStatus = ok === undefined ? 'unknown' : ok ? 'pass' : rule.severity
  return { ...base, status, figure, limit: answersLabel ? 'yes' : limit, ...(reason ? { reason } : {}) }
}

/** Why `profile` does not judge this creative, or undefined when it does. */
function notServed(profile: TargetProfile, figures: Figures): string | undefined {
  const facts = figures.facts
  const kind = figures.kind ?? facts?.creative?.kind
  if (kind && profile.kind !== 'guideline' && profile.kind !== kindFamily(kind)) {
    return `Not for this kind: ${profile.name} serves ${profile.kind} ads; this is a ${KIND_LABELS[kind].toLowerCase()}.`
  }
  if (profile.refusesMraid && facts?.mraidReferenced) {
    return `Not for this kind: ${profile.name} does not take MRAID creatives.`
  }
  return undefined
}

function summarize(profile: TargetProfile, cells: MatrixCell[]): TargetSummary {
  const fails = cells.filter((cell) => cell.status === 'fail').length
  const warnings = cells.filter((cell) => cell.status === 'warn').length
  const judged = cells.some((cell) => cell.status === 'pass')
  return {
    target: profile.id,
    name: profile.name,
    verdict: fails > 0 ? 'fail' : warnings > 0 ? 'warn' : judged ? 'pass' : 'unknown',
    fails,
    warnings,
    pending: cells.filter((cell) => cell.status === 'pending').length,
    notCovered: profile.notCovered,
  }
}

export function evaluateTargets(
  figures: Figures,
  profiles: readonly TargetProfile[],
  audit: TargetMatrix['audit'] = { state: 'none' },
): TargetMatrix {
  const targets: TargetSummary[] = []
  const cells: MatrixCell[] = []
  for (const profile of profiles) {
    const reason = notServed(profile, figures)
    if (reason) {
      targets.push({ ...summarize(profile, []), verdict: 'not-for-kind', reason })
      continue
    }
    const own = profile.rules
      .filter((rule) => applies(rule, figures))
      .map((r) => evaluateRule(profile, r, figures))
    targets.push(summarize(profile, own))
    cells.push(...own)
  }
  // A stable sort keeps profile order inside each status.
  cells.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
  const creative = figures.facts?.creative
  const kind = creative && {
    kind: figures.kind ?? creative.kind,
    inferred: creative.kind,
    evidence: evidenceLines(creative.evidence),
  }
  return { targets, cells, audit, ...(kind ? { creative: kind } : {}) }
}

/** The badge over the chosen targets that judge the creative: fail if any fails, warn if any warns. */
export function verdictBadge(matrix: TargetMatrix, chosen: readonly string[]): VerdictBadge {
  const targets = matrix.targets.filter(
    (target) => chosen.includes(target.target) && target.verdict !== 'not-for-kind',
  )
  const failing = targets.filter((target) => target.verdict === 'fail').map((target) => target.name)
  const warning = targets.filter((target) => target.verdict === 'warn').map((target) => target.name)
  return {
    verdict: failing.length > 0 ? 'fail' : warning.length > 0 ? 'warn' : 'pass',
    failing,
    warning,
    targets: targets.length,
    audit: matrix.audit.state as AuditState,
  }
}
