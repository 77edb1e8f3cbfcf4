/** A setting that is wrong, alone or with another: the start stops with one line naming it. */
export class ConfigError extends Error {}
