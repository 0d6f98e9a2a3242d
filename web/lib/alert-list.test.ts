import { describe, expect, it } from 'vitest';
import { addAlert, afterNavigation, removeAlert, visibleAlerts, type NewAlert } from './alert-list';

const toast = (message: string, extra: Partial<NewAlert> = {}): NewAlert => ({
  kind: 'toast',
  type: 'danger',
  message,
  scope: 'route',
  sticky: false,
  ...extra,
});

describe('alert list', () => {
  it('does not duplicate identical messages of the same kind', () => {
    let list = addAlert([], toast('Boom'), 1);
    list = addAlert(list, toast('Boom'), 2);
    list = addAlert(list, toast('Boom', { kind: 'alert' }), 3);
    list = addAlert(list, toast('Other'), 4);
    expect(list.map((item) => item.id)).toEqual([1, 3, 4]);
  });

  it('a dismissed message can be shown again', () => {
    let list = addAlert([], toast('Boom'), 1);
    list = removeAlert(list, 1);
    list = addAlert(list, toast('Boom'), 2);
    expect(list.map((item) => item.id)).toEqual([2]);
  });

  it('on navigation drops route items, keeps app-wide ones and moves next-route ones', () => {
    let list = addAlert([], toast('here', { scope: 'route' }), 1);
    list = addAlert(list, toast('everywhere', { scope: 'app' }), 2);
    list = addAlert(list, toast('there', { scope: 'next' }), 3);
    expect(visibleAlerts(list, 'toast').map((item) => item.id)).toEqual([1, 2]);
    list = afterNavigation(list);
    expect(list.map((item) => [item.id, item.scope])).toEqual([
      [2, 'app'],
      [3, 'route'],
    ]);
    list = afterNavigation(list);
    expect(list.map((item) => item.id)).toEqual([2]);
  });
});
