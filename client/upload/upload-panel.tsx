import { useState } from 'react'
import { type FileRejection, useDropzone } from 'react-dropzone'
import { UPLOAD_CONTENT_TYPE } from '../../shared/constants.ts'
import { withoutBidiControls } from '../../shared/filename.ts'
import { useClientConfig } from '../config.ts'
import { UploadIcon } from '../layout/icons.tsx'
import { lazyPart } from '../layout/lazy-part.tsx'
import { formatFileSize } from '../packages/format.ts'
import { packageLabel } from '../packages/package-label.ts'
import { InspectionFold } from './inspection-fold.tsx'
import { IssueList } from './issue-list.tsx'
import { mergeIssues } from './merge-issues.ts'
import { canRetry, isBusy } from './upload-state.ts'
import { useInspection } from './use-inspection.ts'
import type { useUpload } from './use-upload.ts'

const FilenameExistsDimmer = lazyPart(() => import('./filename-exists-dimmer.tsx'), 'FilenameExistsDimmer')
const InspectionHints = lazyPart(() => import('./inspection-hints.tsx'), 'InspectionHints')

function rejectionMessages(rejections: FileRejection[]): string[] {
  return [...new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.message)))]
}

export function UploadPanel({ upload }: { upload: ReturnType<typeof useUpload> }) {
  const config = useClientConfig()
  const { state, created, start, reset, retry } = upload
  const [rejections, setRejections] = useState<string[]>([])
  const [inspected, setInspected] = useState<File | null>(null)
  /** Opened again by the user after it folded. */
  const [unfolded, setUnfolded] = useState(false)
  const inspection = useInspection(inspected, config.defaultTargets)
  const busy = isBusy(state)

  const { getRootProps, getInputProps, isDragActive, inputRef, rootRef } = useDropzone({
    accept: { [UPLOAD_CONTENT_TYPE]: ['.zip'] },
    multiple: false,
    maxFiles: 1,
    maxSize: config.maxPackageBytes,
    disabled: busy,
    onDrop(accepted, rejected) {
      // Cleared, so choosing the same file again (a new version of it) is a change too.
      if (inputRef.current) inputRef.current.value = ''
      // Every drop starts clean: nothing of the previous upload stays under its messages.
      reset()
      setInspected(null)
      setUnfolded(false)
      setRejections(rejectionMessages(rejected))
      // The product spec: the drop is ignored unless it holds exactly one acceptable file.
      const [file] = accepted
      if (accepted.length !== 1 || rejected.length > 0 || !file) return
      setInspected(file)
      void start(file)
    },
  })

  const response = state.response
  const showDimmer = Boolean(response?.filenameExists && state.fileObject)
  const showWarning = Boolean(
    response && !response.filenameExists && response.details && response.details.length > 0,
  )
  const showError = Boolean(state.error && !(showWarning && response?.message === state.error) && !showDimmer)
  const issues = mergeIssues(
    showWarning ? (response?.details ?? []) : [],
    inspection?.state === 'done' ? inspection.report : null,
  )
  // Named while it uploads, and after a failure, so it is clear which file the messages are about.
  const file = state.fileObject

  return (
    <section className="upload" aria-label="Upload a package">
      <div className="upload-area">
        {/* Beside the drop zone, not in it: a control inside a button-like zone is a nested control. */}
        <input {...getInputProps({ 'aria-label': 'Choose a package (.zip)' })} />
        <div
          {...getRootProps({
            className: `dropzone${isDragActive ? ' active' : ''}${busy ? ' disabled' : ''}`,
            // Focusable even while an upload runs: focus comes back here after the name question.
            tabIndex: 0,
            role: 'button',
            'aria-disabled': busy,
            'aria-describedby': 'dropzone-hint',
          })}
        >
          <UploadIcon />
          <p className="dropzone-label">Drop package.zip here</p>
          <p className="muted small" id="dropzone-hint">
            or click to choose a file · one .zip, up to {Math.round(config.maxPackageBytes / 1024 / 1024)} MB
          </p>
        </div>

        <div className="upload-status" aria-live="polite">
          {file && (busy || state.status) && (
            <p className="upload-file">
              <span className="subject">{withoutBidiControls(file.name)}</span>{' '}
              <span className="muted">{formatFileSize(file.size)}</span>
            </p>
          )}
          {busy && (
            <div className="progress-row">
              <progress max={100} value={state.progress} aria-label="Upload progress" />
              <span className="percent">{state.progress}%</span>
            </div>
          )}
          {state.status && <p className="status-text">{state.status}</p>}
          {canRetry(state) && (
            <button type="button" className="button retry" onClick={retry}>
              Retry
            </button>
          )}
        </div>

        {showDimmer && file && (
          <FilenameExistsDimmer
            filename={withoutBidiControls(file.name)}
            onReplace={() => void start(file, 'replace')}
            onKeepBoth={() => void start(file, 'keepBoth')}
            onCancel={() => {
              reset()
              setInspected(null)
            }}
            returnFocusTo={() => rootRef.current}
          />
        )}
      </div>

      {created && (
        <p className="banner success" role="status" data-testid="upload-success">
          Uploaded <span className="subject">{packageLabel(created)}</span>: it is first in the list.
        </p>
      )}
      {rejections.length > 0 && (
        <div className="banner error" role="alert">
          {rejections.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {showError && (
        <div className="banner error" role="alert">
          {state.error}
        </div>
      )}
      {showWarning && response && (
        <div className="banner warning refused" role="alert">
          <strong>{response.message}</strong>
          <IssueList issues={issues.banner} />
        </div>
      )}
      {inspected &&
        (created ? (
          <InspectionFold
            filename={withoutBidiControls(inspected.name)}
            issueCount={inspection?.state === 'done' ? issues.card.length : undefined}
            open={unfolded}
            onToggle={setUnfolded}
          >
            <InspectionHints
              result={inspection}
              filename={withoutBidiControls(inspected.name)}
              issues={issues.card}
            />
          </InspectionFold>
        ) : (
          <InspectionHints
            result={inspection}
            filename={withoutBidiControls(inspected.name)}
            issues={issues.card}
          />
        ))}
    </section>
  )
}
