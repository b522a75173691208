// The SARIF 2.1.0 log code-scanning tools read (GitHub code scanning, Azure DevOps, SonarQube):
// a result per issue, located at the package (relative to the working folder, %SRCROOT%) and,
// when the issue names one, at the file inside it as a logical location.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CheckReport } from './report.ts'
import type { PackageVerdict } from './verdict.ts'

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const
const SRCROOT = 'SRCROOT'

interface SarifRule {
  id: string
  shortDescription: { text: string }
  defaultConfiguration: { level: 'error' | 'warning' | 'note' }
}

function artifactUri(file: string) {
  if (path.isAbsolute(file)) return { uri: pathToFileURL(file).href }
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT }
}

/** Every finding of one package as [rule id, level, message, file inside the zip]. */
function findings(verdict: PackageVerdict): [string, 'error' | 'warning' | 'note', string, string?][] {
  if (verdict.error) return [['check.unreadable', 'error', verdict.error]]
  const out: [string, 'error' | 'warning' | 'note', string, string?][] = verdict.issues.map((issue) => [
    issue.rule,
    LEVEL[issue.severity],
    issue.message,
    issue.file,
  ])
  for (const target of verdict.targets) {
    for (const issue of target.issues)
      out.push([
        `target.${target.id}.${issue.rule}`,
        LEVEL[issue.severity],
        `${target.name}: ${issue.message}`,
        issue.file,
      ])
  }
  return out
}

export function formatSarif(report: CheckReport): string {
  const rules = new Map<string, SarifRule & { index: number }>()
  const results = report.verdicts.flatMap((verdict, artifactIndex) =>
    findings(verdict).map(([ruleId, level, text, inner]) => {
      let rule = rules.get(ruleId)
      if (!rule) {
        rule = { id: ruleId, index: rules.size, shortDescription: { text }, defaultConfiguration: { level } }
        rules.set(ruleId, rule)
      }
      return {
        ruleId,
        ruleIndex: rule.index,
        level,
        message: { text },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { ...artifactUri(verdict.file), index: artifactIndex },
              // The finding is about the package as a whole.
              region: { byteOffset: 0, byteLength: verdict.size },
            },
            ...(inner
              ? { logicalLocations: [{ fullyQualifiedName: `${verdict.file}/${inner}`, kind: 'resource' }] }
              : {}),
          },
        ],
      }
    }),
  )
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'ads-preview check',
            semanticVersion: report.version,
            rules: [...rules.values()].map(({ index: _, ...rule }) => rule),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(report.cwd + path.sep).href } },
        artifacts: report.verdicts.map((verdict) => ({
          location: artifactUri(verdict.file),
          length: verdict.size,
          mimeType: 'application/zip',
        })),
        invocations: [{ executionSuccessful: report.verdicts.every((v) => v.status !== 'error') }],
        results,
      },
    ],
  }
  return `${JSON.stringify(log, null, 2)}\n`
}
