import { useState } from 'react'
import { type FileRejection, useDropzone } from 'react-dropzone'
import { UPLOAD_CONTENT_TYPE } from '../../shared/constants.ts'
import { useClientConfig } from '../config.ts'
import { FilenameExistsDimmer } from './filename-exists-dimmer.tsx'
import { InspectionHints } from './inspection-hints.tsx'
import { isBusy } from './upload-state.ts'
import { useInspection } from './use-inspection.ts'
import { useUpload } from './use-upload.ts'

function rejectionMessages(rejections: FileRejection[]): string[] {
  return [...new Set(rejections.flatMap((rejection) => rejection.errors.map((error) => error.message)))]
}

export function UploadPanel() {
  const config = useClientConfig()
  const { state, start, cancel } = useUpload()
  const [rejections, setRejections] = useState<string[]>([])
  const [inspected, setInspected] = useState<File | null>(null)
  const inspection = useInspection(inspected)
  const busy = isBusy(state)

  const { getRootProps, getInputProps, isDragActive, inputRef } = useDropzone({
    accept: { [UPLOAD_CONTENT_TYPE]: ['.zip'] },
    multiple: false,
    maxFiles: 1,
    maxSize: config.maxPackageBytes,
    disabled: busy,
    onDrop(accepted, rejected) {
      // Cleared, so choosing the same file again (a new version of it) is a change too.
      if (inputRef.current) inputRef.current.value = ''
      setRejections(rejectionMessages(rejected))
      // Spec 5: the drop is ignored unless it holds exactly one acceptable file.
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

  return (
    <section className="upload" aria-label="Upload a package">
      <div className="upload-area">
        <div
          {...getRootProps({
            className: `dropzone${isDragActive ? ' active' : ''}${busy ? ' disabled' : ''}`,
          })}
        >
          <input {...getInputProps({ 'aria-label': 'Choose a package (.zip)' })} />
          <svg
            aria-hidden="true"
            width="36"
            height="36"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path
              d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="dropzone-label">Drop package.zip here</p>
          <p className="muted small">
            or click to choose a file · one .zip, up to {Math.round(config.maxPackageBytes / 1024 / 1024)} MB
          </p>
        </div>
        {showDimmer && state.fileObject && (
          <FilenameExistsDimmer
            filename={state.fileObject.name}
            onReplace={() => state.fileObject && void start(state.fileObject, 'replace')}
            onKeepBoth={() => state.fileObject && void start(state.fileObject, 'keepBoth')}
            onCancel={cancel}
          />
        )}
      </div>

      <div className="upload-status" aria-live="polite">
        {busy && (
          <div className="progress-row">
            <progress max={100} value={state.progress} aria-label="Upload progress" />
            <span className="percent">{state.progress}%</span>
          </div>
        )}
        {state.status && <p className="status-text">{state.status}</p>}
      </div>

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
        <div className="banner warning" role="alert">
          <strong>{response.message}</strong>
          <ul>
            {response.details?.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {inspected && <InspectionHints result={inspection} filename={inspected.name} />}
    </section>
  )
}
