/**
 * A problem the user can fix, not a failure of the service: no BOM around the selection, no row
 * selected, a sheet that is not there, the pane opened outside Excel. Its `userMessage` is the one
 * sentence every shell shows as it is; the client's own failures stay ApiErrors.
 */
export class UserProblem extends Error {
  override readonly name: string = 'UserProblem';
  /** One sentence that says what happened and what to do. */
  readonly userMessage: string;
  /** What went wrong underneath, when something did (a failed write's error). */
  readonly cause?: unknown;

  constructor(userMessage: string, options: { cause?: unknown } = {}) {
    super(userMessage);
    this.userMessage = userMessage;
    if (options.cause !== undefined) this.cause = options.cause;
  }
}
