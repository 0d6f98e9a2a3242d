import { describe, expect, it } from 'vitest';
import { binderPlaces, destinationLabel, destinationPlace, moveCopyText } from './move-copy-text';

describe('what the Move and Copy dialogs say', () => {
  it('names a destination by what it is and where it sits, so two folders of one name are told apart', () => {
    const binder = { item_type: 1 as const, name: 'Nursing', path: '' };
    const folder = { item_type: 2 as const, name: 'Policies', path: 'Nursing / Wards' };
    const other = { ...folder, path: 'Pharmacy' };
    expect(destinationLabel(binder, false)).toBe('Nursing (Binder)');
    expect(destinationLabel(folder, false)).toBe('Policies (Folder in Nursing / Wards)');
    expect(destinationLabel(other, false)).not.toBe(destinationLabel(folder, false));
    expect(destinationPlace(folder, true)).toBe('Folder in Nursing / Wards, where it is now');
  });

  it('titles the dialog by what moves or is copied, and says what a copy of a P&P becomes', () => {
    expect(moveCopyText('move', { item_type: 2, name: 'Audits' })).toMatchObject({
      title: 'Move Folder',
      action: 'Move',
      refusedTitle: 'The folder was not moved',
    });
    const copy = moveCopyText('copy', { item_type: 3, name: 'Hand Hygiene' });
    expect(copy).toMatchObject({ title: 'Copy P&P', action: 'Copy', refusedTitle: 'The P&P was not copied' });
    expect(copy.intro).toContain('new Draft P&P');
  });

  it('offers a binder every place among the others, its own shown as where it is now', () => {
    const binders = [
      { id: 1, name: 'Nursing' },
      { id: 2, name: 'Pharmacy' },
      { id: 3, name: 'Quality' },
    ];
    expect(binderPlaces(binders, 2)).toEqual([
      { position: 0, label: 'Before Nursing', current: false },
      { position: 1, label: 'Before Quality (where it is now)', current: true },
      { position: 2, label: 'After Quality, at the end', current: false },
    ]);
    expect(binderPlaces(binders, 3).at(-1)).toEqual({
      position: 2,
      label: 'After Pharmacy, at the end (where it is now)',
      current: true,
    });
    expect(binderPlaces([{ id: 1, name: 'Nursing' }], 1)).toEqual([]);
    expect(moveCopyText('copy', { item_type: 1, name: 'Nursing' })).toMatchObject({ title: 'Copy Binder' });
  });
});
