// What `ads-preview move` is for, in the command's own help and in the CLI's (cli/main.ts, which
// loads no server code for it: this file imports nothing).
export const MOVE_USAGE = `Usage: ads-preview move [--from <data folder>]
  Copies a single-machine installation (default: DATA_DIR) into the PostgreSQL database of
  DATABASE_URL and the bucket of S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). The target must be empty, or hold an earlier run of
  the same move: run it again after an interruption, and once more after the old server stopped.`
