/** An error that carries one of a closed set of codes, for the caller to answer with. */
export class CodedError<Code extends string> extends Error {
  readonly code: Code;
  constructor(code: Code, message: string) {
    super(message);
    this.code = code;
  }
}
