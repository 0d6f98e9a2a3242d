import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { confirm } from '../components/confirmation-modal';
import { isPublicPath } from './navigation';

/**
 * Asks before a form with unsaved changes is left: a navigation inside the app waits for the user's
 * answer ('Leave this page?'), and closing or reloading the tab gets the browser's own warning.
 *
 * A page that saved and moves on calls `leaveWithoutAsking()` first: its `dirty` is still true until
 * it renders again, but nothing is lost (`askBeforeLeaving()` undoes it when the save failed). A move to a public page (signed out, the session ended) is
 * never held: there is nothing left to stay for.
 */
export function useUnsavedChangesGuard(dirty: boolean): {
  leaveWithoutAsking: () => void;
  askBeforeLeaving: () => void;
} {
  // Read when a navigation starts, which may come before this component renders again.
  const dirtyRef = useRef(dirty);
  const leavingRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) leavingRef.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !leavingRef.current &&
      !isPublicPath(nextLocation.pathname) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  // One question per held navigation (an effect may run twice for the same one).
  const askedRef = useRef<typeof blocker | null>(null);
  const questionRef = useRef<AbortController | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || askedRef.current === blocker) return;
    askedRef.current = blocker;
    const question = new AbortController();
    questionRef.current = question;
    void confirm({
      title: 'Leave this page?',
      content: 'Your changes have not been saved.',
      actionLabel: 'Leave',
      cancelLabel: 'Stay',
      theme: 'warning',
      signal: question.signal,
    }).then((answer) => {
      // Closed because the form was saved meanwhile: the navigation has already gone on (below).
      if (question.signal.aborted) return;
      if (answer) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  // A navigation held while the form was on its way to being saved goes on once the save lands:
  // nothing is left to lose, so the question, still open, is closed unanswered.
  useEffect(() => {
    if (blocker.state !== 'blocked' || dirty) return;
    questionRef.current?.abort();
    blocker.proceed();
  }, [blocker, dirty]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
      // Older browsers show their warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leaveWithoutAsking = useCallback(() => {
    leavingRef.current = true;
  }, []);
  const askBeforeLeaving = useCallback(() => {
    leavingRef.current = false;
  }, []);
  return { leaveWithoutAsking, askBeforeLeaving };
}
