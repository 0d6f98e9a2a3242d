/** Errors a service throws; the error handler turns each into its status and `{ errors }` body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: string[],
    readonly customError?: string,
  ) {
    super(errors.join(' '));
  }
}

export const badRequest = (message: string): AppError => new AppError(400, [message]);
export const unauthorized = (message = 'You are not signed in.'): AppError => new AppError(401, [message]);
export const forbidden = (message = 'You do not have permission to do this.'): AppError => new AppError(403, [message]);
export const notFound = (what = 'The record'): AppError => new AppError(404, [`${what} was not found.`]);
export const conflict = (message: string): AppError => new AppError(409, [message]);
export const unprocessable = (...errors: string[]): AppError => new AppError(422, errors);
export const customError = (statusCode: number, code: string, message: string): AppError =>
  new AppError(statusCode, [message], code);
