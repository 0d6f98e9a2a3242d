import { DEFAULT_THEME, mergeMantineTheme, toRgba, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, readableLightText, readableLightTextVariables } from './readable-colours';
import { cssVariablesResolver, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);

function shadesOf(name: string): MantineColorsTuple {
  const shades = resolved.colors[name];
  if (!shades) throw new Error(`The theme has no colour ${name}.`);
  return shades;
}

/** The hue of a colour in degrees (the same whatever its lightness). */
function hue(color: string): number {
  const { r, g, b } = toRgba(color);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

describe('the text of light badges and buttons', () => {
  it('reads at AA contrast on its own background, at rest and on hover, in every theme colour', () => {
    for (const [name, shades] of Object.entries(resolved.colors)) {
      const text = readableLightText(shades);
      expect(contrastRatio(text, shades[1]), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(text, shades[2]), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('keeps the colour it stands for (its hue), only darker', () => {
    for (const name of ['green', 'teal', 'orange', 'yellow', 'red', 'grape', 'tenet'] as const) {
      const shades = shadesOf(name);
      expect(Math.abs(hue(readableLightText(shades)) - hue(shades[9])), name).toBeLessThan(2);
    }
  });

  it("is Mantine's own shade 9 where that already reads", () => {
    expect(readableLightText(shadesOf('tenet'))).toBe(shadesOf('tenet')[9]);
  });

  it('is given to the light variant of every colour', () => {
    const variables = readableLightTextVariables(resolved);
    expect(variables['--mantine-color-green-light-color']).toBe(readableLightText(shadesOf('green')));
    expect(variables['--mantine-color-teal-light-color']).toBe(readableLightText(shadesOf('teal')));
    expect(Object.keys(variables)).toHaveLength(Object.keys(resolved.colors).length);
  });
});

describe('dimmed text and placeholders', () => {
  it("read at AA contrast on white ('Choose a file' in an empty file input is a placeholder)", () => {
    const { light } = cssVariablesResolver(resolved);
    for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder'] as const) {
      const colour = light[name];
      expect(colour, name).toBeDefined();
      expect(contrastRatio(colour ?? '', '#ffffff'), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});
