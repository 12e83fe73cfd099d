/**
 * Failed runs of one chunk before its rows are given up as errors (spec: a failed batch marks all its
 * posts as errors). Failures, not runs: a chunk queued again after a stall runs more than once harmlessly.
 */
export const CHUNK_ATTEMPTS = 4;
