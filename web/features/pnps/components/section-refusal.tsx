import { Alert } from '@mantine/core';
import { Messages } from '../../../../shared/domain/messages';
import { ApiError } from '../../../lib/api-client';

/** Statuses a section's request shows in place: a refusal never ends the session. */
export const IN_PLACE = [403, 404] as const;

/** The server's sentence for a section it refused, shown where the section would be. */
export function SectionRefusal({ error }: { readonly error: unknown }) {
  const message = error instanceof ApiError && error.errors[0] ? error.errors[0] : Messages.unexpectedError;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="section-refusal">
      {message}
    </Alert>
  );
}
