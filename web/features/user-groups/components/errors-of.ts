export { errorsOf, formErrorsOf } from '../../../lib/errors-of';
