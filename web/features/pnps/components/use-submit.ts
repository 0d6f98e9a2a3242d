import { useState } from 'react';
import { showErrors } from '../../../lib/show-errors';

/**
 * One save action of a section: `busy` while it runs, its failure shown as the spec says
 * (updates clear the existing toasts first, spec §8).
 */
export function useSubmit(action: () => Promise<void>, options: { update?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const submit = async (): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showErrors(error, options);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
