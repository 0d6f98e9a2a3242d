import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { formErrorsOf } from '../../../lib/errors-of';

export interface TemplatesLoadErrorProps {
  readonly error: unknown;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}

/** A failed load of the templates, in place of the list, with a way to ask again. */
export function TemplatesLoadError({ error, retrying, onRetry }: TemplatesLoadErrorProps) {
  return (
    <LoadFailedAlert
      title="The templates could not be loaded"
      messages={formErrorsOf(error)}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
