// The load guard's question as the CLI asks it: core says what needs a yes, the CLI's yes is --yes.
import { ApiError } from '../shared/errors.ts';

/** The load guard's question in CLI terms: the yes it needs is --yes. */
export function confirmWithYes(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.code !== 'needs-confirmation') return err;
  return new ApiError(
    'validation',
    `${err.detail ?? err.message}: add --yes to send this load`,
    '--yes',
    {
      code: 'needs-confirmation',
      ...(err.detail === undefined ? {} : { detail: err.detail }),
    },
  );
}
