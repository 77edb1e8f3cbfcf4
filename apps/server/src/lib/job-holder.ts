import os from 'node:os'

/** Who runs a background job: this host's process, so that a restarted server can tell its own dead runs. */
export const JOB_HOLDER = `${os.hostname()}:${process.pid}`
