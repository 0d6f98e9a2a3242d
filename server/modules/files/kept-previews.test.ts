import { describe, expect, it, vi } from 'vitest';
import { KeptPreviews } from './kept-previews';

describe('kept previews', () => {
  it('converts a key once and serves it kept after', async () => {
    const kept = new KeptPreviews(100, 50);
    const convert = vi.fn(() => Promise.resolve('<p>a</p>'));
    expect(await kept.get('a', convert)).toBe('<p>a</p>');
    expect(await kept.get('a', convert)).toBe('<p>a</p>');
    expect(convert).toHaveBeenCalledTimes(1);
  });

  it('lets requests for a key being converted share that conversion', async () => {
    const kept = new KeptPreviews(100, 50);
    let finish: (html: string) => void = () => undefined;
    const convert = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = kept.get('a', convert);
    const second = kept.get('a', convert);
    finish('<p>a</p>');
    expect(await Promise.all([first, second])).toEqual(['<p>a</p>', '<p>a</p>']);
    expect(convert).toHaveBeenCalledTimes(1);
  });

  it('keeps no failure: the next request converts again', async () => {
    const kept = new KeptPreviews(100, 50);
    const convert = vi.fn().mockRejectedValueOnce(new Error('took too long')).mockResolvedValueOnce('<p>a</p>');
    await expect(kept.get('a', convert)).rejects.toThrow('took too long');
    expect(await kept.get('a', convert)).toBe('<p>a</p>');
    expect(convert).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used beyond its size, and never keeps one too large', async () => {
    const kept = new KeptPreviews(20, 12);
    const html = (key: string) => () => Promise.resolve(key.repeat(10));
    await kept.get('a', html('a'));
    await kept.get('b', html('b'));
    // 'a' read again: 'b' is now the least recently used, and goes when 'c' comes.
    await kept.get('a', html('a'));
    await kept.get('c', html('c'));
    const again = vi.fn(() => Promise.resolve('bbbbbbbbbb'));
    await kept.get(
      'a',
      vi.fn(() => Promise.resolve('unused')),
    );
    await kept.get('b', again);
    expect(again).toHaveBeenCalledTimes(1);
    expect(kept.size).toBe(2);

    const large = vi.fn(() => Promise.resolve('x'.repeat(13)));
    await kept.get('large', large);
    await kept.get('large', large);
    expect(large).toHaveBeenCalledTimes(2);
  });
});
