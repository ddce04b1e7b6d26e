// What an environment variable name may look like (a target's password reference).

/** Letters, digits and underscores, not starting with a digit (POSIX shell names). */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
