/** Runs of one chunk before its rows are given up as errors (spec: a failed batch marks all its posts as errors). */
export const CHUNK_ATTEMPTS = 4;
