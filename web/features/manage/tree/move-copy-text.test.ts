import { describe, expect, it } from 'vitest';
import { destinationLabel, destinationPlace, moveCopyText } from './move-copy-text';

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
});
