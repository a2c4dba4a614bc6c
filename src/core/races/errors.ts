// The explorer's input error: every bad field, each named (the CLI prints them and exits 2).
export class ExploreInputError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
    this.name = 'ExploreInputError';
  }
}
